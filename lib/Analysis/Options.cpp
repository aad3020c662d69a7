//===- Options.cpp - privateer's options ----------------------------------===//
//
// Part of privateer. The parser and help generated from Options.def.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Options.h"

#include <cstdlib>
#include <type_traits>

namespace privateer {

const std::vector<OptionInfo> &allOptions() {
  static const std::vector<OptionInfo> List = {
#define PRIVATEER_OPTION(Field, Name, TidyKey, Kind, Min, Max, Value, Help)    \
  {Name, TidyKey, OptionKind::Kind, Min, Max, Value, Help},
#include "privateer/Options.def"
  };
  return List;
}

std::string Options::help() {
  std::string Text;
  for (const OptionInfo &O : allOptions()) {
    if (!Text.empty())
      Text += ", ";
    Text += std::string(O.Name) + O.Value;
  }
  return Text;
}

std::string Options::helpTable() {
  std::string Text;
  for (const OptionInfo &O : allOptions())
    Text +=
        "| `" + std::string(O.Name) + O.Value + "` | " + O.Description + " |\n";
  return Text;
}

namespace {

/// Sets \p Field when it has the type of \p Value (the expansions of
/// Options.def below name every field; only those of the kind apply).
template <typename T, typename V> void assign(T &Field, V Value) {
  if constexpr (std::is_same_v<T, V>)
    Field = Value;
}

/// Why a number is not a valid value of \p O, or empty when it is.
std::string checkNumber(const OptionInfo &O, const std::string &Value,
                        unsigned &Out) {
  char *End = nullptr;
  long N = std::strtol(Value.c_str(), &End, 10);
  bool Valid = !Value.empty() && !*End && N >= long(O.Min) && N <= long(O.Max);
  if (O.Kind == OptionKind::PowerOfTwo)
    Valid &= (N & (N - 1)) == 0;
  if (Valid) {
    Out = unsigned(N);
    return "";
  }
  std::string Range = std::to_string(O.Min) + " and " + std::to_string(O.Max);
  if (O.Kind == OptionKind::PowerOfTwo)
    return "invalid " + std::string(O.Name) + " size '" + Value +
           "': expected a power of two between " + Range;
  return "invalid " + std::string(O.Name) + " '" + Value +
         "': expected milliseconds between " + Range;
}

/// Sets the field of \p Opts that \p O names from \p Value.
bool set(Options &Opts, const OptionInfo &O, bool HasValue,
         const std::string &Value, std::string &Error) {
  std::string Name = O.Name;
  switch (O.Kind) {
  case OptionKind::Flag:
    if (HasValue)
      break;
#define PRIVATEER_OPTION(Field, OName, TidyKey, Kind, Min, Max, Val, Help)     \
  if (OptionKind::Kind == OptionKind::Flag && Name == OName)                   \
    assign(Opts.Field, true);
#include "privateer/Options.def"
    return true;
  case OptionKind::Globs:
    if (!HasValue)
      break;
    Opts.Checks = CheckFilter(Value);
    return true;
  case OptionKind::ErrorMode:
    if (!HasValue || Value == "on") {
      Opts.Werror = Options::ErrorMode::Always;
      return true;
    }
    if (Value == "off") {
      Opts.Werror = Options::ErrorMode::Never;
      return true;
    }
    Error =
        "invalid " + Name + " value '" + Value + "': expected 'on' or 'off'";
    return false;
  case OptionKind::Unsigned:
  case OptionKind::PowerOfTwo: {
    if (!HasValue)
      break;
    unsigned N = 0;
    Error = checkNumber(O, Value, N);
    if (!Error.empty())
      return false;
#define PRIVATEER_OPTION(Field, OName, TidyKey, Kind, Min, Max, Val, Help)     \
  if (Name == OName)                                                           \
    assign(Opts.Field, N);
#include "privateer/Options.def"
    return true;
  }
  }
  Error = "unknown option '" + Name + (HasValue ? "=" + Value : "") +
          "'; privateer's options are: " + Options::help();
  return false;
}

} // namespace

bool Options::apply(const std::string &Word, std::string &Error) {
  auto Eq = Word.find('=');
  std::string Name = Word.substr(0, Eq);
  bool HasValue = Eq != std::string::npos;
  std::string Value = HasValue ? Word.substr(Eq + 1) : "";
  for (const OptionInfo &O : allOptions())
    if (Name == O.Name)
      return set(*this, O, HasValue, Value, Error);
  Error = "unknown option '" + Word + "'; privateer's options are: " + help();
  return false;
}

} // namespace privateer
