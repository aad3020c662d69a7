//===- ConstructAccount.cpp - A verdict for every construct ---------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/ConstructAccount.h"

#include <algorithm>

namespace privateer {

namespace {

/// The order in which verdicts win when two regions share a construct.
int weight(Outcome O) {
  switch (O) {
  case Outcome::Reported:
    return 3;
  case Outcome::HeldBack:
    return 2;
  case Outcome::NotAnalysed:
    return 1;
  case Outcome::ProvenFree:
    return 0;
  }
  return 0;
}

/// `'a', 'b' and 2 more`.
std::string someNames(const std::vector<std::string> &Names) {
  std::string Out;
  size_t Shown = std::min<size_t>(Names.size(), 2);
  for (size_t K = 0; K < Shown; ++K) {
    if (K)
      Out += Shown == Names.size() && K + 1 == Shown ? " and " : ", ";
    // `f (a virtual call)`: the name quoted, what follows it not.
    size_t Note = Names[K].find(" (");
    Out += "'" + Names[K].substr(0, Note) + "'" +
           (Note == std::string::npos ? "" : Names[K].substr(Note));
  }
  if (Names.size() > Shown)
    Out += " and " + std::to_string(Names.size() - Shown) + " more";
  return Out;
}

/// `1 index question`, `3 index questions`.
std::string questions(unsigned N) {
  return std::to_string(N) + " index question" + (N == 1 ? "" : "s");
}

} // namespace

ConstructAccount accountFor(const ParallelRegion &R,
                            const RegionResults &Results) {
  ConstructAccount A;
  A.Where = R.Directive;
  A.Construct = R.Construct;
  // A library's loop template run with the user's lambda: each call of it
  // is a loop of its own over that lambda, told where the user calls it.
  bool RunsHandedLambda =
      R.ChunksHandedOn ||
      std::any_of(R.Accesses.begin(), R.Accesses.end(),
                  [](const Access &X) { return X.CalledAt.valid(); });
  if (RunsHandedLambda && R.InstanceCall.valid()) {
    A.Where = R.InstanceCall;
    A.Construct = R.Instance;
  }
  if (Results.Reported) {
    A.Verdict = Outcome::Reported;
    return A;
  }
  if (!R.IndirectCalls.empty()) {
    A.Verdict = Outcome::NotAnalysed;
    A.Reason = "its work calls " + someNames(R.IndirectCalls) +
               " through a std::function or a function pointer, whose "
               "target is not visible here";
    return A;
  }
  if (Results.HeldBack) {
    A.Verdict = Outcome::HeldBack;
    A.Reason =
        Results.FirstHeldBack + " (not proven; report-may shows " +
        (Results.HeldBack == 1 ? "it"
                               : "all " + std::to_string(Results.HeldBack)) +
        ")";
    return A;
  }
  if (Results.Undecided || Results.Unreadable) {
    A.Verdict = Outcome::HeldBack;
    A.Reason = Results.Undecided
                   ? questions(Results.Undecided) +
                         " left undecided by the solver (solver-timeout-ms "
                         "gives it longer)"
                   : questions(Results.Unreadable) +
                         " on values the analysis cannot read (an index or "
                         "loop bound it cannot express, such as a call's "
                         "result)";
    return A;
  }
  if (!R.UnseenCallees.empty()) {
    A.Verdict = Outcome::HeldBack;
    A.Reason = "its work calls " + someNames(R.UnseenCallees) +
               ", whose code the analysis does not see (a body in another "
               "unit, a virtual call)";
    return A;
  }
  return A;
}

ConstructAccount notAnalysed(Loc Where, std::string Construct,
                             std::string Why) {
  ConstructAccount A;
  A.Where = Where;
  A.Construct = std::move(Construct);
  A.Verdict = Outcome::NotAnalysed;
  A.Reason = std::move(Why);
  return A;
}

void addAccount(std::vector<ConstructAccount> &Accounts, ConstructAccount A) {
  for (ConstructAccount &Known : Accounts)
    if (Known.Where.Raw == A.Where.Raw) {
      if (weight(A.Verdict) > weight(Known.Verdict))
        Known = std::move(A);
      return;
    }
  Accounts.push_back(std::move(A));
}

const char *describe(Outcome O) {
  switch (O) {
  case Outcome::ProvenFree:
    return "proven free";
  case Outcome::Reported:
    return "reported";
  case Outcome::HeldBack:
    return "held back";
  case Outcome::NotAnalysed:
    return "not analysed";
  }
  return "";
}

unsigned countOf(const std::vector<ConstructAccount> &Accounts, Outcome O) {
  return unsigned(
      std::count_if(Accounts.begin(), Accounts.end(),
                    [&](const ConstructAccount &A) { return A.Verdict == O; }));
}

} // namespace privateer
