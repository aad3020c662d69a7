//===- OpenMPSemantics.h - OpenMP's side of one unit ------------*- C++ -*-===//
//
// Part of privateer. What the C and C++ collector asks OpenMP about one unit
// of work: its shape (associated loops, sections, the team's region around
// it), its data sharing under OpenMP 5.2's rules from the clauses of its
// directive and of the directives up to its team, and what each directive
// nested in a work item means (guards, barriers, scheduling points, nested
// parallel constructs).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_OPENMPSEMANTICS_H
#define PRIVATEER_CLANG_OPENMP_OPENMPSEMANTICS_H

#include "privateer/Analysis/ConstructAccount.h"
#include "privateer/Clang/CXX/ConstructSemantics.h"

#include "CallSites.h"
#include "Ordering.h"
#include "TeamRoutines.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace privateer {
namespace clangfe {

class OpenMPSemantics : public ConstructSemantics {
public:
  /// The unit of \p Directive, inside \p Enclosing (innermost first, up to
  /// the function).
  OpenMPSemantics(
      clang::ASTContext &Ctx, const clang::OMPExecutableDirective *Directive,
      llvm::ArrayRef<const clang::OMPExecutableDirective *> Enclosing,
      CallSiteIndex &Calls);

  /// Fills in the code of the unit's work items (\p Shape, whose Kind is
  /// set) and what the directives say of the region (\p Seed: name,
  /// schedule, team, untied); false when the unit does not run its work
  /// items in parallel (`ordered(n)` doacross loops, `if(0)`) or has a
  /// shape we do not model.
  bool describe(UnitShape &Shape, ParallelRegion &Seed);
  /// Where describe refused (or the collector could not build the unit):
  /// the verdict that leaves, and why.
  Outcome NotModelled = Outcome::NotAnalysed;
  std::string WhyNotModelled = "its code is not in a form the model reads";
  /// The code of \p Function that a caller's team runs, every thread all
  /// of it but the work its orphaned constructs (\p Directive the first)
  /// share out: a replicated region whose body is the function's.
  bool describeTeamRoutine(const clang::FunctionDecl *Function,
                           UnitShape &Shape, ParallelRegion &Seed);

  Sharing sharingOf(const clang::VarDecl *V, DeclScope Where) const override;
  Sharing sharingOfField(const clang::FieldDecl *F) const override;
  bool namedByConstruct(const clang::ValueDecl *V) const override;
  bool orderedOn(const clang::ValueDecl *V) const override;
  bool privatizedByNestedConstruct(const clang::ValueDecl *V) const override;
  bool
  pointeePrivatizedByNestedConstruct(const clang::ValueDecl *V) const override;
  ParameterBinding pointeeSharing(const clang::ParmVarDecl *P) override;
  bool sharingUnproven(const clang::ValueDecl *V) const override;
  bool reducedAround(const clang::ValueDecl *V) const override;
  bool runsInPlace(const clang::Stmt *S) const override;
  bool visitNested(const clang::Stmt *S, NestedCodeVisitor &Visitor) override;
  bool callMayHoldBarrier(const clang::CallExpr *Call) const override;
  void statedConditions(llvm::SmallVectorImpl<const clang::Expr *> &Holds,
                        const clang::Expr *&TeamSize) const override;

private:
  /// Whether a clause of the unit orders its work (`ordered(n)`, `if(0)`):
  /// then it is not described.
  bool clausesOrderWork(const UnitShape &Shape);
  /// The bodies \p Shape's kind of unit runs: the associated loops, the
  /// sections or the one body; false when their form is not one modelled.
  bool findBodies(UnitShape &Shape) const;
  void collectClauses(ParallelRegion &Seed);
  /// The data-sharing, depend, untied, schedule and num_threads clauses of
  /// \p D, the unit's directive (\p IsUnit) or one that encloses it.
  void collectClausesOf(const clang::OMPExecutableDirective *D, bool IsUnit,
                        ParallelRegion &Seed);
  /// The schedule and chunk that \p SC states.
  void readSchedule(const clang::OMPScheduleClause *SC,
                    ParallelRegion &Seed) const;
  void visitDirective(const clang::OMPExecutableDirective *D,
                      NestedCodeVisitor &Visitor);
  /// An `assume` directive in a work item: its `holds` expressions are
  /// true in the code it covers.
  void visitAssume(const clang::OMPExecutableDirective *D,
                   NestedCodeVisitor &Visitor);
  /// A task nested in a work item: a child task of a task unit, or part
  /// of the work item that generates it.
  void visitTask(const clang::OMPExecutableDirective *D,
                 NestedCodeVisitor &Visitor);
  /// A nested parallel construct (walked as the work item's), or a
  /// construct that is a unit of its own (only started here); false for
  /// any other directive.
  bool visitTeamOrUnit(const clang::OMPExecutableDirective *D,
                       NestedCodeVisitor &Visitor);

  clang::ASTContext &Ctx;
  const clang::OMPExecutableDirective *Directive;
  /// The unit's calls: who binds the parameters of an orphaned construct.
  CallSiteIndex &Calls;
  llvm::SmallVector<const clang::OMPExecutableDirective *, 4> Enclosing;
  /// The directive that creates the team (parallel, teams), if any.
  const clang::OMPExecutableDirective *Team = nullptr;
  /// The unit is a `simd` loop's lanes, all on one thread: what the thread
  /// has (its locals, what the enclosing constructs privatize) the lanes
  /// share; only the simd directive's own clauses privatize.
  bool Lanes = false;
  /// Data-sharing clauses, innermost directive first wins (variables, and
  /// fields of `this` in member functions).
  llvm::DenseMap<const clang::ValueDecl *, Sharing> Explicit;
  /// Variables whose accesses synchronization orders that the model does
  /// not follow: named in a task's depend clause (the runtime orders the
  /// tasks), or handed between threads with `flush` (flags).
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> Ordered;
  /// The unit is the instances of a task a loop generates (whose 'depend'
  /// clauses may order them among themselves); a task created once has no
  /// instances to order, and its clauses never order the code that
  /// created it.
  bool TaskInstances = false;
  /// For TaskInstances: the outermost generating loop. What its iterations
  /// declare is a new object in each: instances of other iterations do not
  /// share it, even when a clause says 'shared' (prefer silence).
  const clang::Stmt *GeneratingLoop = nullptr;
  /// Variables privatized by the nested constructs being walked, and the
  /// pointers whose memory their reductions over array sections privatize.
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> NestedPrivate;
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> NestedSections;
  std::optional<Sharing> DefaultSharing;
  /// Nested parallel constructs around the code being walked: their
  /// barriers belong to their own teams.
  unsigned NestedTeams = 0;
  /// The functions looked into for barriers, and whether they hold one.
  mutable BarrierMemo Barriers;
  /// For a function a team runs (describeTeamRoutine): what its
  /// worksharing constructs divide among the team.
  std::optional<DistributedObjects> TeamRoutine;

  /// Adds to Ordered the variables \p Body hands between threads with
  /// `flush`: those a flush names, and for a flush without a list the
  /// integer flags the code only assigns constants.
  void collectFlushed(const clang::Stmt *Body);
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_OPENMPSEMANTICS_H
