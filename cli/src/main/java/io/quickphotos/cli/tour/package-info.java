/**
 * The tour of every access pattern on a generated sample with each request and its cost, and
 * compare, the same walkthrough on two backends side by side.
 */
package io.quickphotos.cli.tour;
