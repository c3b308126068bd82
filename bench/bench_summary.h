#pragma once
// Pairs each measured workload with its plain-array baseline and prints the
// ratio table at the end of a benchmark run. The figures come from the run
// itself: a reporter records every benchmark's "ns_per_entity" counter as it
// is reported.

#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

namespace cairn::bench {

// One row of the summary: a workload at one entity count, measured twice.
struct Comparison {
  std::string workload;       // shown in the table, e.g. "(1) create"
  std::size_t entities = 0;   // N
  double target_ratio = 0.0;  // the ratio the workload must stay under
  std::string measured;       // benchmark name of the Cairn variant
  std::string baseline;       // benchmark name of the plain-array variant
};

// Console output as usual, plus the ns_per_entity counter of every run keyed
// by benchmark name (the registered name, without "/manual_time"). With
// --benchmark_repetitions the median aggregate is kept; otherwise the median
// of the iteration runs.
class RecordingReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& reports) override;

  // The recorded ns per entity, or a negative value when the benchmark did
  // not run (filtered out, or it reported an error).
  double NsPerEntity(const std::string& name) const;

 private:
  struct Samples {
    std::vector<double> iterations;
    double median = -1.0;
  };
  std::map<std::string, Samples> samples_;
};

// Prints a Markdown table: workload, N, ns/entity, baseline ns/entity, ratio,
// target and whether the target is met. Rows with a missing side print "n/a".
void PrintRatioTable(std::ostream& out, const std::vector<Comparison>& rows, const RecordingReporter& reporter);

}  // namespace cairn::bench
