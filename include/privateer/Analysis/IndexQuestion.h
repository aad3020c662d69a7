//===- IndexQuestion.h - What an index query asks, z3 aside -----*- C++ -*-===//
//
// Part of privateer. The parts of the solver's questions that need no
// solver: the key that identifies a query, which conditions a work item's
// model cannot see, which symbols and stated facts bear on a pair of
// accesses, and how an index splits into rows of a stride. The z3 oracle
// (lib/Analysis/Z3IndexSolver*.cpp) asks its questions with these.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_INDEXQUESTION_H
#define PRIVATEER_ANALYSIS_INDEXQUESTION_H

#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Model/Region.h"

#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace privateer {

/// A key that identifies a query up to the region it came from: template
/// instantiations and repeated patterns ask the same question.
class KeyWriter {
public:
  explicit KeyWriter(const ParallelRegion &R) : R(R) {}

  void expr(const Expr &E);
  void symbol(SymbolId S);
  void access(const Access &A);
  std::string str() const { return OS.str(); }
  std::ostringstream OS;

private:
  const ParallelRegion &R;
  std::set<SymbolId> Seen;
};

/// A value the program takes as a size or a parameter (`n`, `lda`, `nx`):
/// one the same for every work item, not a loop's variable (no bounds).
bool isSize(const Symbol &S);

/// \p A against \p B is \p B against \p A: a witness's two work items can
/// be named in either order.
bool sameQuestionBothWays(const Access &A, const Access &B);

/// Whether \p C compares a value that differs between work items in ways
/// the model does not know (a load, a call's result).
bool unseen(const ParallelRegion &R, const Condition &C);

/// Whether \p C, a condition of \p A, is one a witness must satisfy: a
/// condition on values the model sees, one the code states (`assume`), or
/// one on an unseen value a stated condition of \p A speaks of (`assume
/// holds(step[w] == node)` then `if (step[w] == root)`: the two tell the
/// work items apart). Other conditions on unseen values are free.
bool kept(const ParallelRegion &R, const Access &A, const Condition &C);

/// Whether \p C may pick out some work items by a value the model cannot
/// see: an equality on what an unfollowed call returned, or any
/// comparison but `!=` of a value that stands for the work item (a thread
/// number through a wrapper in another file: `if (my_thread == 0)`, the
/// `else` of `if (my_thread > 0)`; a value computed in a way the model
/// cannot express). Which and how many work items pass it is unknown.
bool selectsUnseen(const ParallelRegion &R, const Condition &C);

/// Whether a condition of \p A can tell its work items apart: a branch's
/// that the solver can read (kept), or one that selects by an unseen value.
/// What the code states (Condition::Stated) selects none. A test on
/// data (`if (x[i] > m)`, `if (a[i] == key)`) says nothing of how many
/// work items run the access, and is left to the race's other facts.
bool guarded(const ParallelRegion &R, const Access &A);

/// Whether \p A runs only where an unseen value equals something.
bool conditionsUnseen(const ParallelRegion &R, const Access &A);

/// \p C, no longer proven: a collision becomes a possible one.
Conflict unproven(Conflict C);

/// The terms of \p E with their signs: `a - (b + c)` is +a, -b, -c.
void terms(const ExprRef &E, bool Negative,
           std::vector<std::pair<bool, ExprRef>> &Out);

/// A stride of \p Index: an invariant s in a term `s * X` whose X names a
/// loop variable (`i * lld + j`, `j + i * nnr`).
std::optional<SymbolId> rowStride(const ParallelRegion &R,
                                  const ExprRef &Index);

/// \p Index as [X, Y] with Index = s*X + Y and Y free of s; nothing
/// when s appears otherwise (s*s, s/2, in a bound of Y's variables).
std::optional<std::pair<ExprRef, ExprRef>>
splitByStride(const ParallelRegion &R, const ExprRef &Index, SymbolId S);

/// \p A and \p B with each index `s*X + Y` that both select by one
/// stride s split into two, [X, Y]: the elements they name when rows of
/// s elements do not overlap (no Y spans s or more). False when no index
/// splits.
bool splitRows(const ParallelRegion &R, Access &A, Access &B);

/// Whether the witness needs particular values of what the front end
/// could not model (values loaded or computed where it cannot see, as
/// `s->n` or `dims[0]`) in the elements the accesses select: an offset or
/// stride such as `a[i + s->n]` may be one the program never takes, so the
/// collision is not proven. Such a value that only bounds a loop or
/// guards a branch (`i < s->n`, `if (verbose > 2)`) is an input like the
/// sizes the program names, its parameters and locals: a witness may
/// choose it.
bool needsUnknownValues(const ParallelRegion &R, const Access &A,
                        const Access &B, const Witness &W);

/// The symbols that decide which elements \p A and \p B touch and which
/// work items run them: those of their indices, ranges and conditions,
/// and those of the bounds of the loops these name (not what only a
/// stated fact names: a witness shows the values its elements need).
std::set<SymbolId> elementSymbols(const ParallelRegion &R, const Access &A,
                                  const Access &B);

/// The stated facts that bear on \p A against \p B: those that name a
/// symbol of their elements (elementSymbols), or one such a fact or the
/// bounds of its symbols name, and so on. The others constrain values
/// the question does not ask about (and only slow the solver down).
std::vector<const Condition *> relevantStated(const ParallelRegion &R,
                                              const Access &A, const Access &B);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_INDEXQUESTION_H
