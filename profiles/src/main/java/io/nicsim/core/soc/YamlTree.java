package io.nicsim.core.soc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;

/**
 * A YAML document as a Jackson tree, read straight from the streaming parser: the same nodes
 * {@code ObjectMapper.readTree} gives (ints as int/long/big-integer nodes, floats as doubles,
 * duplicate keys refused), without an {@code ObjectMapper}, whose set-up is a third of a short
 * command's start-up.
 */
final class YamlTree {
  private static final YAMLFactory FACTORY =
      YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private YamlTree() {}

  static JsonNode read(String text) throws IOException {
    try (JsonParser p = FACTORY.createParser(text)) {
      return document(p);
    }
  }

  static JsonNode read(InputStream in) throws IOException {
    try (JsonParser p = FACTORY.createParser(in)) {
      return document(p);
    }
  }

  private static final JsonFactory JSON =
      new JsonFactory();

  /** A profile compiled to JSON ({@link CompiledProfiles}): the same nodes its YAML gives. */
  static JsonNode readJson(InputStream in) throws IOException {
    try (JsonParser p = JSON.createParser(in)) {
      return document(p);
    }
  }

  /** The first document; an empty one is a missing node, as readTree gives. */
  private static JsonNode document(JsonParser p) throws IOException {
    return p.nextToken() == null ? MissingNode.getInstance() : value(p);
  }

  private static JsonNode value(JsonParser p) throws IOException {
    switch (p.currentToken()) {
      case START_OBJECT: {
        ObjectNode o = NODES.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          p.nextToken();
          o.set(key, value(p));
        }
        return o;
      }
      case START_ARRAY: {
        ArrayNode a = NODES.arrayNode();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          a.add(value(p));
        }
        return a;
      }
      case VALUE_STRING:
        return NODES.textNode(p.getText());
      case VALUE_NUMBER_INT:
        switch (p.getNumberType()) {
          case INT:
            return NODES.numberNode(p.getIntValue());
          case LONG:
            return NODES.numberNode(p.getLongValue());
          default:
            return NODES.numberNode(p.getBigIntegerValue());
        }
      case VALUE_NUMBER_FLOAT:
        return NODES.numberNode(p.getDoubleValue());
      case VALUE_TRUE:
        return NODES.booleanNode(true);
      case VALUE_FALSE:
        return NODES.booleanNode(false);
      case VALUE_EMBEDDED_OBJECT: {
        Object o = p.getEmbeddedObject();
        return o instanceof byte[] bytes ? NODES.binaryNode(bytes) : NODES.pojoNode(o);
      }
      default:
        return NODES.nullNode();
    }
  }
}
