//===- RunChecks.cpp - Every check of Checks.def over one region ----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/RunChecks.h"
#include "privateer/Analysis/ValidRun.h"

#include <cstring>
#include <optional>

namespace privateer {

std::vector<Finding> runChecks(const ParallelRegion &Modelled,
                               const CheckFilter &Enabled, CheckContext &C) {
  std::vector<Finding> Findings;
  // Every witness is a run the program can make: it keeps within the
  // arrays every work item indexes (ValidRun.h).
  std::optional<ParallelRegion> Valid;
  if (std::vector<Condition> Bounds = validRunFacts(Modelled);
      !Bounds.empty()) {
    Valid = Modelled;
    Valid->Facts.insert(Valid->Facts.end(), Bounds.begin(), Bounds.end());
  }
  const ParallelRegion &R = Valid ? *Valid : Modelled;
  // A team of one thread has nothing to race with (tasks of one thread
  // still interleave).
  if (R.NumThreads && R.NumThreads->kind() == ExprKind::Constant &&
      R.NumThreads->value() == 1 && R.Kind != RegionKind::Tasks)
    return Findings;
  using CheckFn =
      std::vector<Finding> (*)(const ParallelRegion &, CheckContext &);
  static const std::pair<CheckId, CheckFn> Table[] = {
#define PRIVATEER_CHECK(Id, Name, Summary) {CheckId::Id, run##Id##Check},
#include "privateer/Checks.def"
  };
  for (const auto &[Id, Run] : Table) {
    if (!Enabled.isEnabled(Id))
      continue;
    // SIMD lanes run on one thread: only what they share can race (thread
    // numbers, cache lines and allocations are the thread's questions).
    if (R.Construction == ConstructKind::SimdLanes &&
        Id != CheckId::SharedBuffer)
      continue;
    for (Finding &F : Run(R, C)) {
      F.Model = R.Model;
      if (F.May)
        hedge(F.Message);
      Findings.push_back(std::move(F));
    }
  }
  return Findings;
}

void hedge(std::string &Message) {
  for (const char *Already : {" may ", " can ", " might "})
    if (Message.find(Already) != std::string::npos)
      return;
  // "'a' is written by ..." -> "'a' may be written by ...".
  for (const char *Claim : {" is ", " are "}) {
    size_t At = Message.find(Claim);
    if (At != std::string::npos) {
      Message.replace(At, std::strlen(Claim), " may be ");
      return;
    }
  }
  Message = "possibly: " + Message;
}

} // namespace privateer
