package io.nicsim.scenarios;

import io.nicsim.runs.RunEnv;

/**
 * What scenario studies run against: the runs' environment and the scenarios by name
 * (nicsim's own: {@code SeedScenarios.env()}; tests substitute core's example MAC and a demo
 * scenario).
 */
public record ScenarioEnv(RunEnv runs, ScenarioRegistry scenarios) {}
