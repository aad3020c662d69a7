//===- Checks.cpp - Check identifiers and filters -------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Checks.h"

namespace privateer {

const std::vector<CheckInfo> &allChecks() {
  static const std::vector<CheckInfo> Checks = {
#define PRIVATEER_CHECK(Id, Name, Summary) {CheckId::Id, Name, Summary},
#include "privateer/Checks.def"
  };
  return Checks;
}

const char *checkName(CheckId Id) {
  for (const CheckInfo &C : allChecks())
    if (C.Id == Id)
      return C.Name;
  return "privateer-unknown";
}

namespace {
std::string_view trim(std::string_view S) {
  while (!S.empty() && (S.front() == ' ' || S.front() == '\t'))
    S.remove_prefix(1);
  while (!S.empty() && (S.back() == ' ' || S.back() == '\t'))
    S.remove_suffix(1);
  return S;
}

template <typename Fn> void forEachItem(std::string_view List, Fn F) {
  while (!List.empty()) {
    size_t Comma = List.find(',');
    std::string_view Item = trim(List.substr(0, Comma));
    if (!Item.empty())
      F(Item);
    if (Comma == std::string_view::npos)
      break;
    List.remove_prefix(Comma + 1);
  }
}
} // namespace

bool globMatch(std::string_view P, std::string_view T) {
  // Iterative wildcard match with backtracking to the last star.
  size_t Pi = 0, Ti = 0, Star = std::string_view::npos, Mark = 0;
  while (Ti < T.size()) {
    if (Pi < P.size() && P[Pi] == '*') {
      Star = Pi++;
      Mark = Ti;
    } else if (Pi < P.size() && P[Pi] == T[Ti]) {
      ++Pi;
      ++Ti;
    } else if (Star != std::string_view::npos) {
      Pi = Star + 1;
      Ti = ++Mark;
    } else {
      return false;
    }
  }
  while (Pi < P.size() && P[Pi] == '*')
    ++Pi;
  return Pi == P.size();
}

CheckFilter::CheckFilter(std::string_view List) {
  forEachItem(List, [this](std::string_view Item) {
    bool Positive = Item.front() != '-';
    if (!Positive)
      Item = trim(Item.substr(1));
    Globs.push_back({std::string(Item), Positive});
  });
}

bool CheckFilter::isEnabled(std::string_view Name) const {
  bool Enabled = false;
  for (const Glob &G : Globs)
    if (globMatch(G.Pattern, Name))
      Enabled = G.Positive;
  return Enabled;
}

std::vector<std::string> CheckFilter::unmatchedGlobs() const {
  std::vector<std::string> Result;
  for (const Glob &G : Globs) {
    // Globs for other tools' checks (`-*`, `clang-analyzer-*`) are normal in
    // shared filter strings; only privateer-looking ones can be typos.
    if (G.Pattern.rfind("privateer", 0) != 0)
      continue;
    bool Matched = false;
    for (const CheckInfo &C : allChecks())
      Matched |= globMatch(G.Pattern, C.Name);
    if (!Matched)
      Result.push_back(G.Pattern);
  }
  return Result;
}

bool nolintCovers(std::string_view List, std::string_view Name) {
  List = trim(List);
  if (List.empty())
    return true;
  bool Covered = false;
  forEachItem(List,
              [&](std::string_view Item) { Covered |= globMatch(Item, Name); });
  return Covered;
}

} // namespace privateer
