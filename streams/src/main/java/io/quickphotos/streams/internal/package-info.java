/** Not API: stream records in the engine's terms, and their decoding into events. */
package io.quickphotos.streams.internal;
