/**
 * The floors the repository is measured against: the same logical work on bare JDK collections
 * and as hand-written requests on the SDK's client, on their own copy of the key layout.
 */
package io.quickphotos.bench.floors;
