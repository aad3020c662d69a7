//===- Options.cpp - privateer's options ----------------------------------===//
//
// Part of privateer. The parser and help generated from Options.def.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Options.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
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

std::string plainText(std::string_view Markdown) {
  std::string Out;
  for (size_t I = 0; I < Markdown.size(); ++I) {
    char C = Markdown[I];
    if (C == '`' || C == '[')
      continue;
    // `[text](target)`: the text alone.
    if (C == ']' && I + 1 < Markdown.size() && Markdown[I + 1] == '(') {
      I = Markdown.find(')', I);
      if (I == std::string_view::npos)
        break;
      continue;
    }
    Out += C;
  }
  return Out;
}

std::string Options::helpText(const std::string &Prefix) {
  size_t Width = 0;
  for (const OptionInfo &O : allOptions())
    Width = std::max(Width, Prefix.size() + std::strlen(O.Name) +
                                std::strlen(O.Value));
  std::string Text;
  for (const OptionInfo &O : allOptions()) {
    std::string Spelled = Prefix + O.Name + O.Value;
    Text += "  " + Spelled + std::string(Width + 2 - Spelled.size(), ' ') +
            plainText(O.Description) + "\n";
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
  case OptionKind::Globs: {
    if (!HasValue)
      break;
    // A typo must not turn checking off without a word.
    CheckFilter Filter(Value);
    Error = Filter.error();
    if (!Error.empty())
      return false;
    Opts.Checks = std::move(Filter);
    return true;
  }
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

namespace {
std::string keyOf(const CheckFilter &F) { return F.str(); }
std::string keyOf(Options::ErrorMode M) { return std::to_string(int(M)); }
std::string keyOf(unsigned N) { return std::to_string(N); }
std::string keyOf(bool B) { return B ? "1" : "0"; }
} // namespace

std::string Options::key() const {
  std::string Key;
#define PRIVATEER_OPTION(Field, Name, TidyKey, Kind, Min, Max, Val, Help)      \
  Key += std::string(Name) + "=" + keyOf(Field) + ";";
#include "privateer/Options.def"
  return Key;
}

std::string warningOptionError(std::string_view Flag,
                               const std::string &Prefix) {
  std::string_view Group = Flag;
  bool Negative = Group.substr(0, 3) == "no-";
  if (Negative)
    Group.remove_prefix(3);
  bool ErrorForm = Group.substr(0, 6) == "error=";
  if (ErrorForm)
    Group.remove_prefix(6);
  if (Group.substr(0, 9) != "privateer")
    return "";
  std::string Check(Group);
  std::string Why = "'-W" + std::string(Flag) +
                    "' has no effect: Clang gives a plugin's diagnostics no "
                    "warning group of their own, so no -W option names "
                    "privateer's findings; ";
  if (ErrorForm && Negative)
    return Why + "use " + Prefix +
           "werror=off to keep the findings warnings under -Werror, or " +
           Prefix + "checks=-" + Check + " to turn the check off";
  if (ErrorForm)
    return Why + "use " + Prefix + "werror to report the findings as errors";
  if (Negative)
    return Why + "use " + Prefix + "checks=-" + Check +
           " to turn the check off";
  return Why + "privateer's checks are on by default, and " + Prefix +
         "checks=<globs> selects them";
}

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
