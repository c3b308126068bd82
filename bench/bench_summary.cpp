#include "bench_summary.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#include <sys/resource.h>

namespace cairn::bench {

namespace {

constexpr const char* kCounterName = "ns_per_entity";

double Median(std::vector<double> values) {
  if (values.empty()) return -1.0;
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

std::string Format(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

}  // namespace

double ThreadSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

double ThreadPageFaults() {
  rusage usage{};
  getrusage(RUSAGE_THREAD, &usage);
  return static_cast<double>(usage.ru_minflt);
}

void RecordingReporter::ReportRuns(const std::vector<Run>& reports) {
  ConsoleReporter::ReportRuns(reports);
  for (const Run& run : reports) {
    if (run.error_occurred) continue;
    const auto counter = run.counters.find(kCounterName);
    if (counter == run.counters.end()) continue;
    Samples& samples = samples_[run.run_name.function_name];
    if (run.run_type == Run::RT_Iteration) {
      samples.iterations.push_back(counter->second.value);
    } else if (run.aggregate_name == "median") {
      samples.median = counter->second.value;
    }
  }
}

double RecordingReporter::NsPerEntity(const std::string& name) const {
  const auto found = samples_.find(name);
  if (found == samples_.end()) return -1.0;
  if (found->second.median >= 0.0) return found->second.median;
  return Median(found->second.iterations);
}

void PrintRatioTable(std::ostream& out, const std::vector<Comparison>& rows, const RecordingReporter& reporter) {
  out << "\n| workload | N | ns/entity | baseline ns/entity | ratio | target | met |\n"
      << "|---|---:|---:|---:|---:|---:|:---:|\n";
  for (const Comparison& row : rows) {
    const double measured = reporter.NsPerEntity(row.measured);
    const double baseline = reporter.NsPerEntity(row.baseline);
    if (measured < 0.0 && baseline < 0.0) continue;  // filtered out entirely
    const bool complete = measured >= 0.0 && baseline > 0.0;
    const double ratio = complete ? measured / baseline : 0.0;
    out << "| " << row.workload << " | " << row.entities << " | "
        << (measured >= 0.0 ? Format("%.2f", measured) : "n/a") << " | "
        << (baseline >= 0.0 ? Format("%.2f", baseline) : "n/a") << " | "
        << (complete ? Format("%.2f", ratio) : "n/a") << " | " << Format("%.1f", row.target_ratio) << " | "
        << (complete ? (ratio <= row.target_ratio ? "yes" : "no") : "n/a") << " |\n";
  }
  out.flush();
}

}  // namespace cairn::bench
