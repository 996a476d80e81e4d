/**
 * What the commands print: number and time formats, plain-text tables, results as short lines,
 * requests and their costs, and a load's progress.
 */
package io.quickphotos.cli.output;
