package io.nicsim.core.host;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import javax.inject.Scope;

/** One instance per host component: everything of one simulated machine. */
@Scope
@Documented
@Retention(RetentionPolicy.RUNTIME)
public @interface HostScope {}
