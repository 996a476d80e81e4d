/**
 * A celebrity launch under per-partition throughput limits, with sharding off and on, and the
 * simulated clock the simulations run on.
 */
package io.quickphotos.cli.simulate.celebrity;
