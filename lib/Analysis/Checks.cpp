//===- Checks.cpp - Check identifiers and filters -------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Checks.h"

#include <algorithm>

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
/// Blanks around a glob, newlines included: .clang-tidy's `Checks: |`
/// lists one glob a line.
bool isBlank(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\v' ||
         C == '\f';
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && isBlank(S.front()))
    S.remove_prefix(1);
  while (!S.empty() && isBlank(S.back()))
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

CheckFilter::CheckFilter(std::string_view List) : Text(List) {
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

namespace {
/// Edits (insertions, deletions, substitutions) between \p A and \p B.
size_t editDistance(std::string_view A, std::string_view B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diagonal = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Above = Row[J];
      Row[J] = std::min(
          {Row[J] + 1, Row[J - 1] + 1, Diagonal + (A[I - 1] != B[J - 1])});
      Diagonal = Above;
    }
  }
  return Row[B.size()];
}

/// Whether \p Pattern is meant for privateer: its first word is
/// `privateer` or within two edits of it (`privatee-shared`).
bool looksLikePrivateer(std::string_view Pattern) {
  std::string_view Word = Pattern.substr(0, Pattern.find('-'));
  if (Word.find('*') != std::string_view::npos)
    return globMatch(Word, "privateer");
  return editDistance(Word, "privateer") <= 2;
}

/// The check name closest to \p Pattern, when it is close enough to be
/// what was meant; empty otherwise (and for patterns with wildcards).
std::string closestCheck(std::string_view Pattern) {
  if (Pattern.find('*') != std::string_view::npos)
    return "";
  std::string Best;
  size_t BestDistance = Pattern.size() / 3 + 1;
  for (const CheckInfo &C : allChecks()) {
    std::string_view Name = C.Name;
    // A misspelt prefix of a name (`privatee-shared`) is a near miss too.
    size_t D = editDistance(Pattern, Name);
    for (size_t Length = Pattern.size() > 2 ? Pattern.size() - 2 : 1;
         Length <= Pattern.size() + 2 && Length <= Name.size(); ++Length)
      D = std::min(D, editDistance(Pattern, Name.substr(0, Length)));
    if (D < BestDistance) {
      BestDistance = D;
      Best = C.Name;
    }
  }
  return Best;
}
} // namespace

bool CheckFilter::enablesAny() const {
  for (const CheckInfo &C : allChecks())
    if (isEnabled(C.Name))
      return true;
  return false;
}

std::vector<std::string> CheckFilter::unmatchedGlobs(GlobScope Scope) const {
  std::vector<std::string> Result;
  for (const Glob &G : Globs) {
    if (Scope == GlobScope::PrivateerLike && !looksLikePrivateer(G.Pattern))
      continue;
    bool Matched = false;
    for (const CheckInfo &C : allChecks())
      Matched |= globMatch(G.Pattern, C.Name);
    if (!Matched)
      Result.push_back((G.Positive ? "" : "-") + G.Pattern);
  }
  return Result;
}

std::string CheckFilter::error(GlobScope Scope) const {
  std::string Names;
  for (const CheckInfo &C : allChecks())
    Names += (Names.empty() ? "" : ", ") + std::string(C.Name);
  if (Globs.empty() && Scope == GlobScope::All)
    return "the check list '" + Text +
           "' names no check, so no check would run; privateer's checks are " +
           Names;
  std::vector<std::string> Unmatched = unmatchedGlobs(Scope);
  if (Unmatched.empty())
    return "";
  std::string Error;
  for (const std::string &U : Unmatched) {
    std::string_view Pattern = U;
    if (Pattern.front() == '-')
      Pattern.remove_prefix(1);
    Error += (Error.empty() ? "" : "; ") + std::string("check glob '") + U +
             "' matches no check";
    std::string Closest = closestCheck(Pattern);
    if (!Closest.empty())
      Error += " (did you mean '" + Closest + "'?)";
  }
  return Error + "; privateer's checks are " + Names;
}

std::string CheckFilter::noneEnabled() const {
  if (enablesAny())
    return "";
  return "no checks enabled: the check list '" + Text +
         "' turns every check off (name the checks to run, as in "
         "'-*,privateer-shared-buffer' or 'privateer-*,-privateer-loop-alloc')";
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
