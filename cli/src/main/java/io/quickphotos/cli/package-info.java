/**
 * The {@code quickphotos} command, {@link io.quickphotos.cli.QuickPhotosCli}, with a package per
 * kind of command: {@code tour} (the tour of every access pattern and {@code compare}, the same on
 * two backends), {@code data} (the data tools: {@code load}, {@code export}, {@code audit},
 * {@code fill-timelines}, {@code settings}) and {@code simulate} (traffic on the in-memory engine
 * under DynamoDB's throughput limits, the celebrity launch in {@code simulate.celebrity}); and what
 * they share: {@code backend} (the options that open a backend), {@code sample} (the generated data
 * set) and {@code output} (formats, tables, costs and progress).
 */
package io.quickphotos.cli;
