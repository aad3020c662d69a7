//===- Options.cpp - privateer's options ----------------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Options.h"

#include <cstdlib>

namespace privateer {

const char *Options::help() {
  return "checks=<globs> (e.g. '-*,privateer-shared-buffer'), "
         "werror[=on|off], fix, "
         "cache-line=<bytes>, solver-timeout-ms=<ms>, stats, dump-model";
}

bool Options::apply(const std::string &Word, std::string &Error) {
  auto Eq = Word.find('=');
  std::string Name = Word.substr(0, Eq);
  std::string Value = Eq == std::string::npos ? "" : Word.substr(Eq + 1);
  bool HasValue = Eq != std::string::npos;
  if (Name == "checks" && HasValue) {
    Checks = CheckFilter(Value);
    return true;
  }
  if (Name == "werror") {
    if (!HasValue || Value == "on") {
      Werror = ErrorMode::Always;
      return true;
    }
    if (Value == "off") {
      Werror = ErrorMode::Never;
      return true;
    }
    Error = "invalid werror value '" + Value + "': expected 'on' or 'off'";
    return false;
  }
  if (Name == "fix" && !HasValue) {
    Fix = true;
    return true;
  }
  if (Name == "stats" && !HasValue) {
    Stats = true;
    return true;
  }
  if (Name == "solver-timeout-ms" && HasValue) {
    char *End = nullptr;
    long N = std::strtol(Value.c_str(), &End, 10);
    if (Value.empty() || *End || N < 1 || N > 60000) {
      Error = "invalid solver-timeout-ms '" + Value +
              "': expected milliseconds between 1 and 60000";
      return false;
    }
    SolverTimeoutMs = unsigned(N);
    return true;
  }
  if (Name == "dump-model" && !HasValue) {
    DumpModel = true;
    return true;
  }
  if (Name == "cache-line" && HasValue) {
    char *End = nullptr;
    long N = std::strtol(Value.c_str(), &End, 10);
    if (Value.empty() || *End || N < 8 || N > 4096 || (N & (N - 1))) {
      Error = "invalid cache-line size '" + Value +
              "': expected a power of two between 8 and 4096";
      return false;
    }
    CacheLine = unsigned(N);
    return true;
  }
  Error = "unknown option '" + Word + "'; privateer's options are: " + help();
  return false;
}

} // namespace privateer
