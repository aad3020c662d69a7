//===- RegionBuilder.h - Clang AST to privateer model -----------*- C++ -*-===//
//
// Part of privateer. Builds the model of one unit of OpenMP parallel work
// from the Clang AST: its work-item variables, the data-sharing attribute of
// every variable it touches (OpenMP 5.2 rules), and each access with its
// symbolic index and protection. Internal to lib/Clang.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_REGIONBUILDER_H
#define PRIVATEER_LIB_CLANG_REGIONBUILDER_H

#include "privateer/Clang/SourceLoc.h"
#include "privateer/Model/Region.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <string>

namespace privateer {
namespace clangfe {

// Inside the Clang front end `Expr` is Clang's; the model's is SymExpr.
using clang::Expr;
using SymExpr = privateer::Expr;

/// A statement of one unit of work and its work items.
struct UnitSpec {
  RegionKind Kind = RegionKind::Loop;
  /// The directive that distributes the work.
  const clang::OMPExecutableDirective *Directive = nullptr;
  /// The directives around it, innermost first, up to the function.
  llvm::SmallVector<const clang::OMPExecutableDirective *, 4> Enclosing;
  /// Sequential loops between a task and the directive it is generated in,
  /// innermost first: their variables name the task instances.
  llvm::SmallVector<const clang::Stmt *, 2> GeneratingLoops;
  /// Sequential `for` loops around the directive in its function, innermost
  /// first: their variables are invariant in the unit, with known ranges.
  llvm::SmallVector<const clang::ForStmt *, 4> EnclosingLoops;
  const clang::FunctionDecl *Function = nullptr;
};

/// A sequential or associated `for` loop in canonical form.
struct LoopShape {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Init = nullptr;
  const clang::Expr *Bound = nullptr;
  clang::BinaryOperatorKind Cmp = clang::BO_LT;
  int64_t Step = 1; ///< signed
};
std::optional<LoopShape> matchForLoop(const clang::ForStmt *F,
                                      const clang::ASTContext &Ctx);

/// The size of \p T in bytes; 0 when it has none (incomplete, dependent).
uint64_t sizeOf(const clang::ASTContext &Ctx, clang::QualType T);

/// The name of the function a call calls directly, without `__builtin_`;
/// empty for indirect calls and operators.
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// A call that returns the calling thread's number: omp_get_thread_num(),
/// tbb::this_task_arena::current_thread_index(), a hash of
/// std::this_thread::get_id().
bool isThreadIdCall(const clang::Expr *E);

/// Whether an item of one of \p D's clauses names \p V.
bool namedInClause(const clang::OMPExecutableDirective *D,
                   const clang::ValueDecl *V);

/// The variable a statement releases: `free(v)`, `delete[] v`, `delete v`;
/// null for anything else.
const clang::VarDecl *releasedVariable(const clang::Stmt *S);

/// The statement under a directive's captured statements; null for a
/// stand-alone directive.
const clang::Stmt *associatedBody(const clang::OMPExecutableDirective *D);

/// The variable an item of a data-sharing clause names (`x`, `a[0:n]`,
/// `s[0]`, a field of `this`).
const clang::ValueDecl *clauseVariable(const clang::Expr *E);

/// Calls \p F on each child of \p S, entering the bodies of captured
/// statements and OpenMP directives (whose children() do not include them).
void forEachChild(const clang::Stmt *S,
                  llvm::function_ref<void(const clang::Stmt *)> F);

/// Where an lvalue or a pointer value lands: a buffer and an index.
struct Target {
  const clang::ValueDecl *Decl = nullptr;
  /// 0: the variable itself; 1: what it points to; 2: what the pointers
  /// stored there point to (`rows[i][j]` through `double **rows`).
  unsigned Level = 0;
  std::vector<ExprRef> Index;
  std::vector<std::string> Fields;
  /// Bytes one step of each dimension's index moves (0 for fields).
  std::vector<uint64_t> Strides;
  /// The target is a scalar object: dereferencing adds no dimension.
  bool Scalar = false;
  /// The memory is private to the work item (a fresh allocation, a local).
  bool Private = false;
};

/// Appends a dimension to \p T.
inline void pushDim(Target &T, ExprRef Index, uint64_t Stride,
                    std::string Field = "") {
  T.Scalar = false;
  T.Index.push_back(std::move(Index));
  T.Strides.push_back(Stride);
  T.Fields.push_back(std::move(Field));
}

class RegionBuilder {
public:
  RegionBuilder(clang::ASTContext &Ctx, const UnitSpec &Spec);
  /// Builds the model; nothing when the unit cannot be modelled (an
  /// associated loop in a form OpenMP accepts but we do not understand).
  std::optional<ParallelRegion> build();

private:
  // --- Set-up and data sharing (RegionBuilder.cpp) ---
  bool setUpWorkItems();
  void collectClauses();
  void collectDeclsIn(const clang::Stmt *S,
                      llvm::SmallPtrSetImpl<const clang::VarDecl *> &Out);
  void collectModified(const clang::Stmt *S,
                       llvm::SmallPtrSetImpl<const clang::VarDecl *> &Out);
  void collectModified(const clang::Stmt *S) { collectModified(S, Modified); }
  Sharing sharingOf(const clang::VarDecl *V) const;
  bool isDeclaredInUnit(const clang::VarDecl *V) const;
  std::optional<unsigned> bufferFor(const Target &T);
  const clang::Stmt *teamBody() const;

  // --- Index translation and loops (IndexTranslator.cpp) ---
  ExprRef translate(const clang::Expr *E);
  ExprRef opaque(const clang::Expr *E, bool Dependent);
  /// The initializer of a function local declared before the unit and
  /// never reassigned, as an expression; null otherwise.
  ExprRef outerDefinition(const clang::VarDecl *V);
  SymbolId symbolForLoop(const LoopShape &L, SymbolKind Kind);
  std::optional<SymbolId> threadIdSymbol();
  bool isThreadIdValue(const clang::Expr *E);
  /// Whether \p S uses the thread number, in itself or in the functions it
  /// calls (\p Depth levels deep; deeper or recursive calls may).
  bool mayUseThreadId(const clang::Stmt *S, unsigned Depth);
  bool isWorkItemInvariant(const ExprRef &E) const;
  std::string spell(const clang::Stmt *S) const;

  // --- Allocations (AllocationCollector.cpp) ---
  struct AllocationShape {
    ExprRef Bytes;
    uint64_t Alignment = 16;
    bool LineRounded = false;
    bool Container = false;
    std::string Spelling;
    AllocatorKind Allocator = AllocatorKind::Unknown;
    /// The element count or byte size as written, when there is one.
    const clang::Expr *Count = nullptr;
    const clang::Expr *SizeExpr = nullptr;
  };
  std::optional<AllocationShape> allocationShape(const clang::Expr *E,
                                                 clang::QualType VarType);
  bool isMaxThreadsValue(const clang::Expr *E) const;
  void noteAllocation(const clang::VarDecl *V, const clang::Expr *Init);
  void noteFree(const clang::Expr *E);
  /// The allocation held by \p E leaves the work item (moved, swapped).
  void noteEscape(const clang::Expr *E);
  void noteSlotAllocations();
  void noteExtent(Buffer &B, const clang::VarDecl *V, unsigned Level);

  // --- Accesses (AccessCollector.cpp) ---
  void visitStmt(const clang::Stmt *S);
  void visitCompound(const clang::CompoundStmt *CS);
  void visitIf(const clang::IfStmt *If);
  void visitFor(const clang::ForStmt *F);
  void visitRangeFor(const clang::CXXForRangeStmt *F);
  /// Binds the iterator of `for (auto it = v.begin(); ...; ++it)` to the
  /// elements of v through a new loop symbol of kind \p Kind.
  std::optional<SymbolId> bindIterator(const clang::ForStmt *F,
                                       SymbolKind Kind);
  void visitDirective(const clang::OMPExecutableDirective *D);
  void noteSchedulingPoint(const clang::OMPExecutableDirective *D,
                           const char *What);
  void visitDecl(const clang::VarDecl *V);
  void visitExpr(const clang::Expr *E, AccessKind Mode, bool ValueUsed);
  bool visitCall(const clang::CallExpr *Call, bool ValueUsed);
  bool visitKnownLibraryCall(const clang::CallExpr *Call);
  void visitMemberCall(const clang::CXXMemberCallExpr *Call);
  void inlineCall(const clang::CallExpr *Call, const clang::FunctionDecl *FD);
  void visitIndices(const clang::Expr *E);
  std::optional<Target> resolveLValue(const clang::Expr *E);
  std::optional<Target> resolvePointer(const clang::Expr *E);
  std::optional<Target> provenance(const clang::VarDecl *V);
  std::optional<Target> pointerVariable(const clang::VarDecl *V);
  bool isFreshAllocation(const clang::Expr *E) const;
  uint64_t pointeeSize(const clang::ValueDecl *V) const;
  void visitLValue(const clang::Expr *E, AccessKind Mode, ReductionOp Op,
                   bool ValueUsed);
  void visitPointerOperand(const clang::Expr *E);
  /// Records an access of the elements [Pointer, Pointer + Length); Length
  /// counts bytes for the mem* routines, elements for std:: algorithms.
  void recordRange(const clang::Expr *Pointer, const clang::Expr *Length,
                   AccessKind Kind, const clang::Expr *Where,
                   bool LengthInBytes);
  ReductionOp selfUpdateOp(const clang::Expr *LHS, const clang::Expr *RHS);
  bool sameTarget(const clang::Expr *A, const clang::Expr *B);
  void record(const Target &T, AccessKind Kind, const clang::Expr *Where,
              ReductionOp Op = ReductionOp::None, bool ResultUsed = false,
              bool Whole = false, ExprRef Range = nullptr);
  /// For `v == e` on the work-item variable v: e (or 0 for `!v`).
  ExprRef singleWorkItemValue(const clang::Expr *Cond);

  clang::ASTContext &Ctx;
  const UnitSpec &Spec;
  ParallelRegion R;

  /// The statement one work item executes (loop body, region, task).
  const clang::Stmt *Body = nullptr;
  /// Section statements, for sections regions.
  llvm::SmallVector<const clang::Stmt *, 4> Sections;
  /// Variables declared in the unit: private to each work item.
  llvm::SmallPtrSet<const clang::VarDecl *, 32> ItemLocals;
  /// Variables declared in the team's region around the unit: private to
  /// each thread.
  llvm::SmallPtrSet<const clang::VarDecl *, 32> ThreadLocals;
  /// Variables whose value the unit changes.
  llvm::SmallPtrSet<const clang::VarDecl *, 32> Modified;
  /// Variables the unit changes or writes memory through (`p` of `p[i] = x`).
  llvm::SmallPtrSet<const clang::VarDecl *, 32> Stored;
  /// Data-sharing clauses, innermost directive first wins (variables, and
  /// fields of `this` in member functions).
  llvm::DenseMap<const clang::ValueDecl *, Sharing> Explicit;
  /// Variables named in a task's depend clause: ordered by the runtime.
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> Ordered;
  /// Variables privatized by nested constructs being visited.
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> NestedPrivate;
  /// Variables the enclosing function assigns anywhere (computed lazily).
  std::optional<llvm::SmallPtrSet<const clang::VarDecl *, 32>> FunctionModified;
  std::optional<Sharing> DefaultSharing;
  /// The directive that creates the team (parallel, teams), if any.
  const clang::OMPExecutableDirective *Team = nullptr;

  llvm::DenseMap<const clang::VarDecl *, SymbolId> Symbols;
  std::map<std::string, SymbolId> OpaqueBySpelling;
  std::optional<SymbolId> ThreadId;
  /// Symbols of induction variables reached through let-bound locals.
  llvm::DenseMap<const clang::VarDecl *, ExprRef> LetBound;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> LetInProgress;
  /// Reference and pointer variables bound to a target.
  llvm::DenseMap<const clang::VarDecl *, std::optional<Target>> Aliases;
  /// Value parameters of inlined calls, bound to the caller's expressions.
  llvm::DenseMap<const clang::VarDecl *, ExprRef> ParamValues;
  std::map<std::pair<const clang::ValueDecl *, unsigned>, unsigned> BufferIds;
  llvm::SmallVector<const clang::FunctionDecl *, 4> InlineStack;
  /// Where accesses of an inlined call are reported: the call in the unit.
  const clang::Expr *CallSite = nullptr;

  /// Variables whose storage was moved or swapped out of the work item.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> Escaped;
  /// Allocations recorded for each variable, to mark them freed.
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<size_t, 2>>
      AllocationsOf;
  unsigned LoopDepth = 0;
  unsigned Phase = 0;
  bool InNestedTask = false;

  Guard CurrentGuard = Guard::None;
  unsigned LockDepth = 0;
  bool InConditional = false;
  /// The branches around the statement being visited (Access::Branch).
  std::vector<unsigned> BranchPath;
  unsigned NextBranch = 0;
  /// Labels and cases seen so far (Access::Epoch).
  unsigned LabelEpoch = 0;
  bool InSingleItem = false;
  ExprRef PinnedItem;
  /// Set by `if (v > m) m = v;`: the assignment it guards is a max update.
  ReductionOp PendingConditionalOp = ReductionOp::None;
  const clang::Expr *PendingConditionalLHS = nullptr;
  unsigned CurrentSection = 0;
  unsigned NextOrder = 0;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_REGIONBUILDER_H
