package io.nicsim.fec;
