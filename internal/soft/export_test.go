// SPDX-License-Identifier: MIT

package soft

// TableSeal is the table-driven yardstick (bench_table_test.go), for
// BenchmarkCompare in package soft_test.
var TableSeal = tableSeal
