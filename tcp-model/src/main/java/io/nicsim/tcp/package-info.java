package io.nicsim.tcp;
