//===- RegionModeler.h - Builds the model of one MLIR construct -*- C++ -*-===//
//
// Part of privateer. The state of building one ParallelRegion: the symbols
// of values and the buffers of memory seen so far. The unit is set up in
// RegionBuilder.cpp, its code walked (nested constructs, calls) in
// NestedCode.cpp, its index expressions, values and loop bounds translated
// in IndexTranslator.cpp, and tasks ordered in TaskOrdering.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_REGIONMODELER_H
#define PRIVATEER_LIB_MLIR_REGIONMODELER_H

#include "ColumnMajor.h"
#include "Constructs.h"
#include "privateer/MLIR/RegionBuilder.h"
#include "privateer/Model/Region.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace privateer {
namespace mlirfe {

using mlir::AffineExpr;
using mlir::AsmState;
using mlir::Operation;
using mlir::OpFoldResult;
using mlir::Value;
using mlir::ValueRange;

/// Deep enough for any index a compiler writes; bounds the recursion on
/// pathological def-use chains.
constexpr unsigned MaxExprDepth = 32;

/// How deep calls are followed into functions of the module, as the C
/// front end inlines visible callees.
constexpr unsigned MaxCallDepth = 3;

/// A loop inside one work item (scf, affine, Flang's `do`, an inner
/// `omp.loop_nest`).
bool isSequentialLoop(Operation *Op);

/// Builds the ParallelRegion of one construct (see buildRegion): the unit
/// of work, the scope whose memory is per work item or per thread, and the
/// symbols and buffers met so far.
class RegionModeler {
public:
  RegionModeler(Operation *Unit, LocationTable &Locs);
  /// The code that created the task \p Task: the operations \p Body of its
  /// block after it, each a statement, with the task's data sharing.
  RegionModeler(Operation *Task, llvm::ArrayRef<Operation *> Body,
                LocationTable &Locs);

  std::optional<ParallelRegion> build();

private:
  // --- Setting up the unit (RegionBuilder.cpp) ---
  bool setUpWorksharing();
  bool setUpTeam();
  bool setUpSections();
  bool setUpTask();
  void setUpSchedule(mlir::omp::WsloopOp Ws);
  /// For a standalone simd loop with `safelen` (or `simdlen`) L: the lanes
  /// that run together are within L - 1 iterations of each other.
  void boundSimdWindow(mlir::omp::SimdOp Simd);
  /// The variables of the sequential `do` loops inside a SIMD loop: each
  /// lane's own (DoVariables).
  void collectDoVariables();
  /// Whether \p Store writes \p Target, the variable of a simd loop nested
  /// in the unit, with Flang's copy-out of its last value.
  bool simdCounterCopyOut(Operation *Store, Value Target);
  std::optional<unsigned> buffer(Value MemRef);
  /// For \p Descriptor, a load of an allocatable or pointer variable's
  /// descriptor: the variable (its reference), whose memory the descriptor
  /// points to, when it stays the same memory (nothing in the parallel
  /// scope but loads touches the variable: no allocation, no pointer
  /// assignment); null otherwise.
  Value describedMemory(Value Descriptor);
  /// The bounds an ALLOCATE gave the allocatable \p Variable before the
  /// construct, when they are constants.
  std::optional<ArrayLayout> allocatedLayout(Value Variable);
  /// The access made, or null when \p MemRef is not shared memory.
  Access *addAccess(Operation *Op, Value MemRef, std::vector<ExprRef> Index,
                    AccessKind Kind, ReductionOp RedOp, Guard Protection,
                    bool WholeBuffer = false,
                    std::vector<std::string> Fields = {});
  void addFlangAccess(Operation *Op, Value Ref, AccessKind Kind,
                      ReductionOp RedOp);
  /// The reads a call into code the walk cannot follow may make.
  void addOpaqueCallReads(Operation *Call);
  /// A write made on both arms of a two-way branch (`if (c) then; t = 1;
  /// else; t = 2; end if`) is made where the branch is, as the C front end
  /// has it.
  void joinBothArmWrites();
  void collectUpdates(Operation *Root);
  /// Records \p Store of \p Stored as a read-modify-write when \p Stored
  /// combines a value loaded (by an op \p SameElement accepts) earlier in
  /// its block and used nowhere else.
  void noteUpdate(Operation *Store, Value Stored,
                  llvm::function_ref<bool(Operation *Load)> SameElement);
  void visit(Operation *Op);

  // --- Facts the code states (StatedFacts.cpp) ---
  /// Adds to R.Facts what the construct's loops, its `privateer.holds`
  /// conditions, its team's `if` and `num_threads` clauses and the
  /// branches around it say (see include/privateer/Model/Facts.h).
  void addStatedFacts();
  /// A Fortran name's value in the region: the symbol of that name, or a
  /// new invariant one.
  std::function<ExprRef(std::string_view)> namedValue();

  // --- Walking the unit's code (NestedCode.cpp) ---
  /// Where an access sits in its work item: what the operations around it
  /// (up to the unit, or the called function) say.
  struct Context {
    unsigned LoopDepth = 0;
    bool Conditional = false;
    std::vector<unsigned> Branch;
    Guard Protection = Guard::None;
    bool SingleWorkItem = false;
    ExprRef PinnedItem;
    bool InNestedTask = false;
    unsigned Section = 0;
    bool LockHeld = false;
    /// A fact the context assumed without seeing it (see
    /// LocationTable::doubt), or empty.
    std::string Doubt;
    /// What the branches around the access compared (Access::Conditions).
    std::vector<Condition> Conditions;
  };
  Context contextOf(Operation *Op);
  /// The context of \p If's branch \p Arm for the work item: one work item
  /// only (`if (tid == 0)`, `if (i == n)`), one thread (`tid == k` in a
  /// loop), or a condition.
  void noteBranch(Operation *If, unsigned Arm, Context &C);
  /// What the branches to block \p B of an unstructured region (a
  /// `cf.cond_br` whose edge B's dominators lie on) say of its work items.
  void noteBlockGuards(mlir::Block *B, Context &C);
  /// For \p Child in a block after the entry of its region in \p P: a
  /// branch of its own on \p Path, and what the branches to it say.
  void noteUnstructured(Operation *P, Operation *Child, Context &C,
                        std::vector<unsigned> &Path);
  /// Where \p Cond is \p Holds around an access: its comparisons, and
  /// (where it holds) a work item or thread it selects.
  void noteCondition(Value Cond, bool Holds, Context &C);
  /// The integer comparisons that hold where \p Cond is \p Holds
  /// (through `.not.`, `.and.` that holds, `.or.` that fails and logical
  /// conversions); others add nothing.
  void conditionsOf(Value Cond, bool Holds, std::vector<Condition> &Out,
                    unsigned Depth = 0);
  /// Variables a `flush` names (or, for a flush without a list, integer
  /// scalars only ever assigned constants), and whether a work item polls
  /// a flag in a loop (see ParallelRegion::WaitsOnFlags).
  void collectFlushed();
  void walk(Operation *Op);
  void walkRegions(Operation *Op);
  /// A construct of the omp dialect nested in the unit's code: walked,
  /// skipped (a unit of its own) or a barrier. False for other operations.
  bool visitNested(Operation *Op);
  /// Follows a call of a function whose body is in the module, its dummy
  /// arguments bound to the actual ones. False when the call is not
  /// followed.
  bool inlineCall(Operation *Call);
  /// Whether the unit's code (or a function it calls) defines \p V: a value
  /// per work item.
  bool insideUnit(Value V);
  /// Whether memory made by \p Root belongs to one work item or one thread
  /// (made inside the scope, or a local of a called function).
  bool privateMemory(Value Root);

  // --- Values (IndexTranslator.cpp) ---
  std::string name(Value V);
  /// Whether \p V is defined inside \p Op.
  static bool definedInside(Value V, Operation *Op);
  /// The memory \p Ref names, through declarations and the dummy arguments
  /// of called functions.
  Value rootOf(Value Ref, std::string *Name = nullptr,
               Operation **Decl = nullptr);
  /// For the load of a host variable's address from the tuple an internal
  /// procedure receives: the address the host stored there; null
  /// otherwise.
  Value hostAddress(Value Ref);
  /// The write added since \p Before stores \p Stored: its StoredValue.
  void noteStoredValue(size_t Before, Value Stored);
  /// An element of a PARAMETER or DATA array (flang::constantTable): a
  /// symbol whose table the solver sees; null otherwise.
  ExprRef tableElement(Operation *Load, Value Base,
                       llvm::ArrayRef<Value> Indices, unsigned Depth);
  /// An element of an array the unit never writes, at subscripts the same
  /// in every work item: an invariant symbol (null otherwise).
  ExprRef invariantElement(Operation *Load, Value Base,
                           llvm::ArrayRef<Value> Indices, unsigned Depth);
  /// A symbol for \p V, a value computed from \p From (one value for all
  /// work items where From is), between \p Lo and \p Hi (null: unbounded).
  ExprRef boundedSymbol(Value V, const ExprRef &From, ExprRef Lo, ExprRef Hi);
  /// Flang's MODULO(x, m) for a constant m, as the operations it lowers to
  /// end in \p D: its value or a symbol with its range; null otherwise.
  ExprRef moduloValue(Operation *D, unsigned Depth);
  /// `arith.andi` of integers (IAND): a remainder by a power of two, or a
  /// symbol bounded by a mask that is not negative.
  ExprRef bitAnd(Operation *D, unsigned Depth);
  ExprRef expr(Value V, unsigned Depth = 0);
  /// A new symbol for \p V.
  ExprRef newSymbol(Value V, SymbolKind K, bool Dependent);
  /// \p V, made outside the unit: a Fortran variable's value, or a symbol
  /// the same for every work item; null for arithmetic, translated as any
  /// other.
  ExprRef outsideValue(Value V, unsigned Depth);
  /// The iteration argument in which Flang counts a `do` variable, as the
  /// loop's own value; null for any other block argument.
  ExprRef doVariable(mlir::BlockArgument Arg, unsigned Depth);
  /// A symbol for \p V, defined by \p D (a load, a call to \p Callee,
  /// arithmetic we do not model): per work item, or one for all when made
  /// \p Outside the unit.
  ExprRef unmodelledValue(Value V, Operation *D, bool Outside,
                          llvm::StringRef Callee);
  /// The integer arithmetic of `arith` (min and max spelled as selects,
  /// conversions) as an expression; null for other operations.
  ExprRef arithmetic(Operation *D, unsigned Depth);
  ExprRef affineExpr(AffineExpr E, ValueRange Dims, ValueRange Syms,
                     unsigned Depth);
  /// A loop bound: a value, a constant attribute, or an expression built
  /// already (from an affine map).
  using Bound = std::variant<OpFoldResult, ExprRef>;
  std::optional<int64_t> constantOf(Bound B);
  ExprRef boundExpr(Bound B);
  SymbolId loopSymbol(Value IV, SymbolKind Kind, Bound Lb, Bound Ub, Bound Step,
                      bool Inclusive);
  /// The last value from \p Lb in steps of \p Step (positive) up to \p Ub,
  /// `Lb - 1` when there is none; nothing when it does not fit an int64_t.
  static std::optional<int64_t> lastOnLattice(int64_t Lb, int64_t Ub,
                                              bool Inclusive, int64_t Step);
  /// The variables of a parallel loop (scf.parallel, scf.forall,
  /// affine.parallel) as symbols of kind \p Kind; false for other ops.
  bool addParallelVars(Operation *Op, SymbolKind Kind);
  /// The executing thread's number (`omp_get_thread_num()`), or the team's
  /// in a league.
  SymbolId threadIdSymbol();
  /// The team's size (`omp_get_num_threads()`), at least 1.
  SymbolId teamSizeSymbol();
  void registerInnerLoops(Operation *Op);
  /// A variable over the elements of a section triplet `lo:hi:step` of
  /// one access (a loop the assignment runs), the step a constant not 0.
  ExprRef sectionVariable(ExprRef Lo, ExprRef Hi, int64_t Step);
  ExprRef loadedValue(Operation *Load, Value Ref, unsigned Depth);
  /// The `do` loop around the construct whose variable is \p Root, if any.
  Operation *enclosingDoLoopOf(Value Root);
  /// The value a function of the module returns for \p Call, its dummy
  /// arguments bound to the actual ones; null when not followed.
  ExprRef calleeResult(Operation *Call, unsigned Depth);
  /// Forgets the symbols of \p Callee's values (another call binds them
  /// anew).
  void forgetCallee(Operation *Callee);
  /// The value of the `linear` variable \p Root at \p Load: its value before
  /// the loop plus the iteration's number times the step, or what the
  /// iteration stored into it before.
  ExprRef linearValue(Operation *Load, Value Root, unsigned Depth);
  /// The value a local scalar holds at \p At, when the last write before it
  /// stores a constant and nothing else can change it in between (writes
  /// inside \p Ignore left aside).
  std::optional<int64_t> constantAt(Operation *At, Value Root,
                                    Operation *Ignore = nullptr);
  Operation *nearestWriter(Operation *Load, Value Root, Operation *Within);
  /// The condition a local LOGICAL read by \p Load holds: the value of its
  /// one assignment that reaches the load (`flag = n .eq. 1`), when no other
  /// write can reach it and nothing that condition read changes in between.
  Value assignedCondition(Operation *Load);
  bool writtenInUnit(Value Root);
  bool lastIterationOnly(Value Condition, unsigned Depth = 0);
  /// Whether \p Condition is a conjunction of last-iteration tests of the
  /// distributed nest's loops, marking each in \p Tested.
  bool lastIterationTests(Value Condition, std::vector<bool> &Tested,
                          unsigned Depth);
  /// For `v == e` (`tid == 0`, `i == n`): e when v is the only work-item
  /// variable and e the same for every work item.
  ExprRef pinnedValue(Value Condition);
  /// Whether \p Condition holds on one thread of the team only (`tid == k`
  /// in a worksharing loop).
  bool oneThreadOnly(Value Condition);
  /// Whether \p Condition is `nthreads == 1` for the team's size.
  bool teamOfOneTest(Value Condition);
  std::string fortranName(Value V);
  /// For the private copy \p Root of a `firstprivate` variable (a block
  /// argument of a construct): the variable it is copied from.
  Value firstPrivateSource(Value Root);

  Operation *Unit;
  UnitKind Kind;
  /// For the code that created a task: its statements.
  std::vector<Operation *> Body;
  /// Memory made inside these operations is per work item or per thread:
  /// the enclosing team of a worksharing loop (the function for an
  /// orphaned one: its locals are each calling thread's), or the unit.
  Operation *Scope;
  /// The function of an orphaned construct: its dummy arguments are the
  /// caller's memory, shared or not as the caller decides.
  bool Orphaned = false;
  LocationTable &Locs;
  AsmState Names;
  ParallelRegion R;
  llvm::DenseMap<Value, SymbolId> Symbols;
  /// Whether the unit writes a variable (see writtenInUnit), once asked.
  llvm::DenseMap<Value, bool> Written;
  /// The constant a variable holds when the unit starts (see constantAt),
  /// once asked.
  llvm::DenseMap<Value, std::optional<int64_t>> Constants;
  llvm::DenseMap<Value, unsigned> Buffers;
  /// Parallel to R.Buffers: the constant bounds of Fortran arrays.
  std::vector<std::optional<ArrayLayout>> Layouts;
  /// Loads folded into the read-modify-write of the store that follows, and
  /// the operator of each such store.
  llvm::DenseSet<Operation *> FoldedLoads;
  llvm::DenseMap<Operation *, ReductionOp> Updates;
  llvm::DenseMap<std::pair<Operation *, unsigned>, unsigned> BranchIds;
  /// Dominators of the unit's blocks, made when an unstructured region is
  /// first met.
  std::unique_ptr<mlir::DominanceInfo> Dominance;
  unsigned Order = 0;
  /// Barriers passed so far in the walk of a replicated region.
  unsigned Phase = 0;
  /// The statement of the creator's code being walked (from 1).
  unsigned Statement = 0;
  std::optional<SymbolId> ThreadId, TeamSize;
  /// For the instances of a task made by loops: the outermost loop (values
  /// it defines differ between instances).
  Operation *ItemRoot = nullptr;
  /// The distributed `omp.loop_nest` of a loop unit: its variables are the
  /// work items', not an inner loop's.
  Operation *Nest = nullptr;
  /// `linear` list items of the loop unit (their memory) and their steps.
  llvm::SmallVector<std::pair<Value, Value>> Linear;
  /// Memory whose accesses something orders that the model does not
  /// follow: instances of a task on what their `depend` clauses name, flags
  /// handed over with `flush`.
  llvm::SmallVector<Value> Ordered;
  /// The variables of the sequential `do` loops of a SIMD loop's lanes.
  llvm::DenseSet<Value> DoVariables;
  /// The calls being followed, outermost first: the call, its function,
  /// and the context of the call in its caller.
  struct CallFrame {
    Operation *Call;
    Operation *Callee;
    Context AtCall;
  };
  std::vector<CallFrame> Calls;
  /// Dummy arguments of the functions being followed: the actual argument.
  llvm::DenseMap<Value, Value> Bindings;
  /// Opaque values returned by functions whose body is not in the module,
  /// and the functions' names.
  llvm::DenseMap<SymbolId, std::string> UnseenResults;
  /// The node of each global memory object (see flang::globalKey).
  llvm::StringMap<Value> GlobalRoots;
  /// Work items wait for a flag another one sets (a flush or atomic read in
  /// a loop): a hand-off the model does not follow.
  bool SpinsOnFlag = false;
  /// The operation of each access of R.Accesses made in the unit's own
  /// code (null for one reached through a call).
  std::vector<Operation *> AccessOps;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_REGIONMODELER_H
