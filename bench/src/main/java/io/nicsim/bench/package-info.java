package io.nicsim.bench;
