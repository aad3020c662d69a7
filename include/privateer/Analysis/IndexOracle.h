//===- IndexOracle.h - Can two work items touch one element? ----*- C++ -*-===//
//
// Part of privateer. The question every race check asks of two accesses of a
// buffer, behind an interface so that the pattern reasoning below and an SMT
// solver can answer it interchangeably. An oracle that cannot decide answers
// Unknown, never Disjoint.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_INDEXORACLE_H
#define PRIVATEER_ANALYSIS_INDEXORACLE_H

#include "privateer/Model/Region.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace privateer {

enum class Verdict {
  Disjoint,   ///< no two different work items touch one element
  Collide,    ///< two different work items touch one element (witness given)
  MayCollide, ///< the indices look the same for every work item, unproven
  Unknown,    ///< the oracle cannot decide
};

/// Concrete values showing a collision.
struct Witness {
  /// Values of the work-item variables for the first access's work item and
  /// the second's; empty when the region has no work-item variables.
  std::vector<std::pair<std::string, int64_t>> First, Second;
  /// Values chosen for other symbols (sizes), if the witness needed any.
  std::vector<std::pair<std::string, int64_t>> Assumptions;
  /// The symbols the assumptions are about, parallel to Assumptions.
  std::vector<SymbolId> AssumptionIds;
  /// The element both touch, e.g. `row[0]`; empty when not computed.
  std::string Element;
  /// The element's index values, when known.
  std::vector<int64_t> ElementValues;
  /// For a collision proven by counting (CountingQuestion): how many work
  /// items make the access and how many elements its index can select;
  /// First and Second are empty then (which two collide is the data's).
  ExprRef Items, Values;
};

/// A collision proven by counting, the pigeonhole principle: every work
/// item makes the access once or more, and the work items outnumber the
/// elements its index can select, so two of them select one element,
/// whatever the data.
struct CountingQuestion {
  ExprRef Items;  ///< the number of work items
  ExprRef Values; ///< the number of elements the index can select
  /// What the count of values relies on (`m >= 1` for `% m`).
  std::vector<Condition> Requires;
};

struct Conflict {
  Verdict V = Verdict::Unknown;
  std::optional<Witness> W;
  /// Unknown because an index is an opaque value that differs between work
  /// items (an indirect index such as `hist[key[i]]`).
  bool OpaqueIndex = false;
  /// Unknown because an index ranges between bounds that are loaded or
  /// computed per work item (CSR segments, clamped blocks): not asked of
  /// the solver, and not reported (the segments are assumed disjoint, as
  /// plain writes at loaded indices are).
  bool OpaqueBound = false;
};

class IndexOracle {
public:
  virtual ~IndexOracle();
  /// Can \p First, executed by one work item of \p R, and \p Second, executed
  /// by a different one, touch the same element of their buffer?
  virtual Conflict query(const ParallelRegion &R, const Access &First,
                         const Access &Second) = 0;
  /// Can \p Q's work items outnumber its values in some run of \p R (the
  /// sizes it names within their bounds and the region's facts)? Collide,
  /// with a witness that names both counts and the sizes it chose, when
  /// they can; Unknown otherwise (counting proves a collision, never its
  /// absence). This one answers where both counts are constants.
  virtual Conflict outnumber(const ParallelRegion &R, const Access &A,
                             const CountingQuestion &Q);
  /// Can \p Conditions all hold in one work item of \p R, with its symbols
  /// within their bounds and the region's facts? Collide with the values
  /// of the sizes such a run has (Witness::Assumptions; \p Minimize kept
  /// small where given); Disjoint when they cannot; Unknown when the
  /// oracle cannot tell. This one decides conditions on constants only.
  virtual Conflict satisfy(const ParallelRegion &R,
                           const std::vector<Condition> &Conditions,
                           const ExprRef &Minimize = nullptr);
};

/// Exact reasoning on affine indices (rank of the induction coefficients,
/// divisibility, constant offsets), exhaustive enumeration of small closed
/// iteration spaces, and structural comparison of work-item-independent
/// indices.
class AffineIndexOracle : public IndexOracle {
public:
  Conflict query(const ParallelRegion &R, const Access &First,
                 const Access &Second) override;
};

/// Renders an element of \p B at \p Index in source syntax, e.g. `a[3][1]`.
std::string renderElement(const ParallelRegion &R, const Access &A,
                          const std::vector<int64_t> *Values);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_INDEXORACLE_H
