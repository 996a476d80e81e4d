/**
 * The {@code quickphotos} command: {@code tour} shows every access pattern of the single-table
 * design on a generated sample with what each request costs, {@code load} fills a backend with a
 * generated data set of any size, {@code compare} runs the patterns on the memory backend and on
 * DynamoDB Local side by side, and {@code simulate celebrity} runs a celebrity launch on the memory
 * engine under DynamoDB's per-partition throughput limits, with sharding off and on. Everything
 * here is package-private but the entry point, {@link io.quickphotos.cli.QuickPhotosCli}.
 */
package io.quickphotos.cli;
