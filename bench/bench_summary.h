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

// CPU time of the calling thread (user + system, so page faults count), in
// seconds. Used instead of wall time because the benchmark machine is
// shared: time the thread spends waiting for a core is not the code's cost.
double ThreadSeconds();

// Minor page faults of the calling thread so far: fresh memory costs a
// fault per 4 KiB page, which is a large part of creating entities.
double ThreadPageFaults();

// Per iteration: prepare() untimed, then work() timed (register the
// benchmark with UseManualTime). Reports the time of work() per entity as
// "ns_per_entity", entities per second, and the page faults work() took per
// 1000 entities as "faults_per_1k".
template <typename Prepare, typename Work>
void Measure(benchmark::State& state, std::size_t entities, Prepare&& prepare, Work&& work) {
  double total_seconds = 0.0;
  double total_faults = 0.0;
  for (auto _ : state) {
    prepare();
    const double faults = ThreadPageFaults();
    const double start = ThreadSeconds();
    work();
    const double seconds = ThreadSeconds() - start;
    total_faults += ThreadPageFaults() - faults;
    state.SetIterationTime(seconds);
    total_seconds += seconds;
  }
  const double measured_entities = static_cast<double>(state.iterations()) * static_cast<double>(entities);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(entities));
  state.counters["ns_per_entity"] = total_seconds * 1e9 / measured_entities;
  state.counters["faults_per_1k"] = total_faults * 1000.0 / measured_entities;
}

// Prints a Markdown table: workload, N, ns/entity, baseline ns/entity, ratio,
// target and whether the target is met. Rows with a missing side print "n/a".
void PrintRatioTable(std::ostream& out, const std::vector<Comparison>& rows, const RecordingReporter& reporter);

}  // namespace cairn::bench
