//===- ConstructSemantics.h - What the collector asks a model ---*- C++ -*-===//
//
// Part of privateer. The C and C++ collector (RegionBuilder) models the code
// of one unit of parallel work; what that code means in parallel (which
// variables each work item has its own copy of, which nested statements are
// guards, barriers, scheduling points or constructs of their own) belongs to
// the programming model. This is the one interface between the two: OpenMP
// implements it from clauses and directives, TBB from lambda captures and
// its calls, without an edit to lib/Clang/CXX.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_CONSTRUCTSEMANTICS_H
#define PRIVATEER_CLANG_CXX_CONSTRUCTSEMANTICS_H

#include "privateer/Model/Region.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang {
class FieldDecl;
class ForStmt;
class FunctionDecl;
class Stmt;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace privateer {
namespace clangfe {

// Inside the Clang front end `Expr` is Clang's; the model's is SymExpr.
using clang::Expr;
using SymExpr = privateer::Expr;

/// One unit of parallel work as its programming model found it: the node
/// that makes it parallel, the code one work item runs and the statements
/// that name its work items. The collector models that code.
struct UnitShape {
  RegionKind Kind = RegionKind::Loop;
  /// The construct's node (an OpenMP directive, a call of tbb::parallel_for):
  /// the region's handle, and where allocations "before the construct" end.
  const clang::Stmt *Construct = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// Loop: the distributed loops, outermost first, each a ForStmt or a
  /// CXXForRangeStmt in the body of the one before (several with collapse);
  /// one work item runs the innermost one's body.
  llvm::SmallVector<const clang::Stmt *, 2> WorkItemLoops;
  /// Replicated, Tasks: what one work item runs.
  const clang::Stmt *Body = nullptr;
  /// Sections: one statement per work item. Tasks: the statements of Body,
  /// when it is code modelled with a task's sharing (the code after the
  /// task that created it), each numbered in Access::Section.
  llvm::SmallVector<const clang::Stmt *, 4> Sections;
  /// Sections that are stages every item passes through (a pipeline's
  /// filters, ParallelRegion::SectionsAreStages): the parameter of each
  /// that takes the item, all bound to one work-item variable.
  llvm::SmallVector<const clang::VarDecl *, 4> StageItems;
  /// Tasks: sequential loops between the task and the construct it is
  /// generated in, innermost first: their variables name the task instances.
  llvm::SmallVector<const clang::Stmt *, 2> GeneratingLoops;
  /// Sequential `for` loops around the construct in its function, innermost
  /// first: their variables are invariant in the unit, with known ranges.
  llvm::SmallVector<const clang::ForStmt *, 4> EnclosingLoops;
  /// The code each thread of a team runs around the unit (a parallel region
  /// around a worksharing loop): what it declares is one copy per thread.
  /// Null when the unit creates its team itself or has none around it.
  const clang::Stmt *ThreadBody = nullptr;
  /// Loop: the call by which ThreadBody hands its range on to the user's
  /// callable, whose own loop is the work-item loop (a library's loop
  /// template: `func(range<Index>(r.begin(), r.end()))`); null otherwise.
  const clang::Expr *HandedOnAt = nullptr;
  /// Loop: for each work-item loop, the values all work items cover
  /// together, [first, last), where the loop's header bounds one chunk only
  /// (TBB's `for (i = r.begin(); i != r.end(); ++i)` over a blocked_range);
  /// a missing or null entry: the header's own bounds. With ItemParam: the
  /// values of the index parameter.
  llvm::SmallVector<std::pair<const clang::Expr *, const clang::Expr *>, 3>
      ItemRanges;
  /// Loop without a loop statement (tbb::parallel_for(first, last, f),
  /// parallel_for_each, std::for_each with a parallel policy): the
  /// parameter that names one work item; Body is the code it runs.
  const clang::VarDecl *ItemParam = nullptr;
  /// Index form: the step of ItemParam's values.
  int64_t ItemStep = 1;
  /// Element form: ItemParam is an element of this container, or of the
  /// sequence this iterator or pointer starts.
  const clang::Expr *Elements = nullptr;
  /// Item form: ItemParam is an item handed over by other code (a
  /// pipeline's previous filter), one per work item, from a range we do
  /// not know.
  bool HandedItem = false;
  /// Work items of one thread can interleave where it waits (a TBB thread
  /// waiting for nested work runs other work items): scheduling points
  /// count in every kind of unit, not only in tasks.
  bool InterleavedWork = false;
};

/// Whether the task instances of \p Shape can run together, given \p Waits
/// (a programming model's "this code may wait for the tasks it made":
/// 'taskwait', task_group::wait). Tasks waited for in the iteration of the
/// innermost generating loop that makes them run one at a time (false).
/// Tasks waited for in each iteration of an outer generating loop (`for
/// (it) { for (k) task; taskwait; }`) race only with those of the same
/// iteration: that loop and the ones around it repeat the unit, their
/// variables are invariant in it, and they leave Shape.GeneratingLoops.
bool waitsBetweenInstances(UnitShape &Shape,
                           llvm::function_ref<bool(const clang::Stmt *)> Waits);

/// Where a variable is declared, as the collector sees it.
enum class DeclScope {
  Outside,  ///< before the unit (or global)
  Thread,   ///< in UnitShape::ThreadBody, outside the unit
  WorkItem, ///< in the code of one work item (or its loop variable)
};

/// What the collector lets a model do with a statement that belongs to the
/// model (a nested directive, a guard, a barrier): the collector owns the
/// walk and the state, the model says what the statement means.
class NestedCodeVisitor {
public:
  virtual ~NestedCodeVisitor();
  /// The kind of the unit being modelled.
  virtual RegionKind unitKind() const = 0;
  /// Whether the walk is inside a function the unit calls (inlined), not in
  /// the unit's own code.
  virtual bool inCalledFunction() const = 0;
  /// Walks \p S as code of the current work item.
  virtual void visit(const clang::Stmt *S) = 0;
  /// Walks \p S with its accesses protected by \p G (the outermost guard
  /// wins); with \p Thread, code only that thread of the team runs
  /// ('master', 'masked'); with \p Critical, the name of the critical
  /// section it is ("" for the unnamed one).
  virtual void
  visitGuarded(const clang::Stmt *S, Guard G,
               std::optional<int64_t> Thread = std::nullopt,
               std::optional<std::string> Critical = std::nullopt) = 0;
  /// Walks \p S where each of \p Holds is true (what an `assume` directive
  /// around it states): a witness that contradicts one is impossible.
  virtual void visitAssuming(const clang::Stmt *S,
                             llvm::ArrayRef<const clang::Expr *> Holds) = 0;
  /// Walks \p S as a nested task the work item generates (its accesses run
  /// later, possibly on another thread).
  virtual void visitNestedTask(const clang::Stmt *S) = 0;
  /// What the team did before is ordered before what it does after.
  virtual void barrier() = 0;
  /// A point where a task can be suspended (ignored outside tasks).
  virtual void schedulingPoint(clang::SourceLocation Where,
                               const char *What) = 0;
  /// The unit creates child tasks running \p Body (a unit of their own).
  virtual void childTasks(const clang::Stmt *Body) = 0;
  /// The team shares out the iterations of the loop \p Body (a unit of its
  /// own): each thread runs its share one after another, so what it writes
  /// there through its own blocks is written in a loop of this work item.
  virtual void worksharingLoop(const clang::Stmt *Body) = 0;
};

/// Whether the memory a pointer parameter points to is shared by the work
/// items of a construct in its function.
enum class PointeeSharing {
  Shared,    ///< the team's (what a pointer from outside points to)
  ThreadOwn, ///< each thread's own
  Unproven,  ///< shared as far as the analysis sees, but not proven
};

/// What binds a pointer parameter: its sharing and, where a caller passes
/// memory the team shares, that caller's argument.
struct ParameterBinding {
  PointeeSharing Sharing = PointeeSharing::Shared;
  const clang::Expr *SharedArgument = nullptr;
};

/// The programming model's side of one unit.
class ConstructSemantics {
public:
  virtual ~ConstructSemantics();
  /// The data-sharing attribute of \p V in the unit's work items.
  virtual Sharing sharingOf(const clang::VarDecl *V, DeclScope Where) const = 0;
  /// The attribute of a field of `this` in a member function.
  virtual Sharing sharingOfField(const clang::FieldDecl *F) const = 0;
  /// Whether the construct names \p V in its own annotations (a clause): a
  /// function it calls still uses the one shared global of that name.
  virtual bool namedByConstruct(const clang::ValueDecl *V) const = 0;
  /// Whether the model orders the work items on \p V (depend clauses).
  virtual bool orderedOn(const clang::ValueDecl *V) const = 0;
  /// Whether a nested construct being walked gives \p V private copies.
  virtual bool privatizedByNestedConstruct(const clang::ValueDecl *V) const = 0;
  /// Whether a nested construct being walked gives the memory the pointer
  /// \p V points to private copies (a reduction over an array section).
  virtual bool
  pointeePrivatizedByNestedConstruct(const clang::ValueDecl *V) const {
    (void)V;
    return false;
  }
  /// Whether what the function's parameter \p P points to is shared by
  /// the work items: an orphaned construct binds to a team its caller
  /// made, and its callers decide (each thread's own buffer, or the
  /// team's); Unproven where the callers are not all seen.
  virtual ParameterBinding pointeeSharing(const clang::ParmVarDecl *P) {
    (void)P;
    return {};
  }
  /// Whether the work items' sharing of \p V, a reference parameter or a
  /// field of `this` that sharingOf calls shared, is not proven (a
  /// function a team runs whose callers are not seen): a race on it is
  /// "may".
  virtual bool sharingUnproven(const clang::ValueDecl *V) const {
    (void)V;
    return false;
  }
  /// Whether a reduction of a construct around the unit names \p V (the
  /// worksharing loop around a `simd` loop: Buffer::ReducedAround).
  virtual bool reducedAround(const clang::ValueDecl *V) const {
    (void)V;
    return false;
  }
  /// Whether \p Call, which the collector does not follow (its callee is
  /// not seen, or not walked), may hold a barrier of the unit's team.
  virtual bool callMayHoldBarrier(const clang::CallExpr *Call) const {
    (void)Call;
    return false;
  }
  /// Whether the code of \p S, a statement nested in the work item, runs
  /// where it stands, once, on the work item's own thread and copies (a
  /// critical section does; a task, a 'single' or a nested parallel region
  /// does not: its assignments may happen elsewhere, later, or not at all
  /// for this work item). Plain C and C++ statements run in place.
  virtual bool runsInPlace(const clang::Stmt *S) const {
    (void)S;
    return true;
  }
  /// What the programming model states of the values where the unit runs
  /// in parallel, as expressions of the code around the construct:
  /// conditions that hold there (\p Holds: an enclosing `assume
  /// holds(...)`, the team's `if` clause), and the number of threads the
  /// team is asked for where it is not a constant (\p TeamSize: it runs in
  /// parallel only with two or more).
  virtual void
  statedConditions(llvm::SmallVectorImpl<const clang::Expr *> &Holds,
                   const clang::Expr *&TeamSize) const {
    (void)Holds;
    (void)TeamSize;
  }
  /// Handles \p S when it is one of the model's own statements nested in
  /// the work item (a directive: guard, barrier, scheduling point, nested
  /// construct), walking what it encloses through \p Visitor; false for
  /// plain C and C++, which the collector walks itself.
  virtual bool visitNested(const clang::Stmt *S,
                           NestedCodeVisitor &Visitor) = 0;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_CONSTRUCTSEMANTICS_H
