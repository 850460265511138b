package io.nicsim.stmmac;
