/**
 * Simulations of traffic on the in-memory engine under DynamoDB's throughput limits: hot reads
 * through a fleet of instances and a celebrity losing its fans.
 */
package io.quickphotos.cli.simulate;
