/**
 * Single-attribute photo edits against read-modify-write, and what a caption costs the reads that
 * carry the most photos.
 */
package io.quickphotos.bench.edits;
