#pragma once
// Standard output as the `cairn` command writes it: a buffered std::ostream
// on file descriptor 1 that keeps the reason of the first write that failed,
// so that a full disk or a closed descriptor is reported ("cannot write to
// standard output: No space left on device", exit status 1) rather than the
// output being lost without a word.

#include <array>
#include <ostream>
#include <streambuf>
#include <string>

namespace cairn::cli {

class StandardOutput {
 public:
  StandardOutput();
  StandardOutput(const StandardOutput&) = delete;
  StandardOutput& operator=(const StandardOutput&) = delete;

  std::ostream& Stream() { return stream_; }

  // Writes out what is still buffered. Returns "" when every byte written to
  // Stream() reached standard output, else why the first write failed
  // ("No space left on device"); after a failure nothing more is written.
  std::string Finish();

 private:
  class Buffer : public std::streambuf {
   public:
    Buffer();
    int error() const { return error_; }

   protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* data, std::streamsize count) override;
    int sync() override;

   private:
    bool Drain();  // writes the buffered bytes out; false after any failure
    bool WriteAll(const char* data, std::size_t count);

    std::array<char, 1 << 16> bytes_{};
    int error_ = 0;  // errno of the first failed write
  };

  Buffer buffer_;
  std::ostream stream_;
};

}  // namespace cairn::cli
