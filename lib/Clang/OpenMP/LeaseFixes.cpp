//===- LeaseFixes.cpp - A task's slot leased from a pool ------------------===//
//
// Part of privateer.
//
//   std::vector<double> scratch(nt * N);
//   #pragma omp parallel ...
//     #pragma omp task untied
//     { double *w = &scratch[omp_get_thread_num() * N]; ... }
// becomes
//   privateer::buffer_pool<double> privateer_scratch_pool(
//       N, privateer::unbounded);
//   #pragma omp parallel ...
//     #pragma omp task untied
//     { auto privateer_w_lease = privateer_scratch_pool.acquire();
//       double *w = privateer_w_lease.data(); ... }
// and the buffer, now unused, goes. The runtime's spellings are the
// toolkit's (Edits/Runtime.h), shared with TBB's lease.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "Fixes.h"
#include "Split.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/Runtime.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// A directive's default data sharing is not `shared`.
bool defaultNotShared(const OMPExecutableDirective *D) {
  const auto *C = D->getSingleClause<OMPDefaultClause>();
  return C && C->getDefaultKind() != llvm::omp::OMP_DEFAULT_shared;
}

/// The innermost `parallel` construct around \p S in its function; null
/// when a directive on the way changes the default data sharing (a pool
/// declared before it would not be shared as it is).
const OMPExecutableDirective *enclosingParallel(const Stmt *S,
                                                ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *D = Node.get<OMPExecutableDirective>()) {
      if (defaultNotShared(D))
        return nullptr;
      if (isOpenMPParallelDirective(D->getDirectiveKind()))
        return D;
    }
    if (Node.get<FunctionDecl>())
      return nullptr;
  }
}

/// How the function uses the buffer besides the slot: every reference, a
/// clause naming it, a nested task using the slot.
struct BufferUses {
  unsigned Refs = 0;
  bool InClause = false;
  bool SlotInNestedTask = false;
};

BufferUses usesOf(const VarDecl *Buf, const VarDecl *Slot,
                  const OMPExecutableDirective *Task, const FunctionDecl *FD) {
  struct Walker {
    const VarDecl *Buf, *Slot;
    const OMPExecutableDirective *Task;
    BufferUses U;
    void walk(const Stmt *S, bool Nested) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        U.Refs += DRE->getDecl() == Buf;
        U.SlotInNestedTask |= Nested && DRE->getDecl() == Slot;
      }
      if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
        if (D != Task && isOpenMPTaskingDirective(D->getDirectiveKind()))
          Nested = true;
        // A clause naming the buffer (`shared(scratch)`) would outlive it.
        U.InClause |= namedInClause(D, Buf);
      }
      forEachChild(S, [&](const Stmt *C) { walk(C, Nested); });
    }
  } W{Buf, Slot, Task, {}};
  W.walk(FD->getBody(), false);
  return W.U;
}

/// The declaration and releases of the buffer when it is a local that is
/// only made (an array, a std container, a malloc, calloc or new[] block:
/// anything else may do more than allocate), sliced here and released.
std::optional<std::pair<const DeclStmt *, std::vector<const Stmt *>>>
removableBuffer(const VarDecl *Buf, const DeclStmt *SlotDecl,
                const FunctionDecl *FD, const SourceManager &SM) {
  if (!Buf->isLocalVarDecl() || Buf->isStaticLocal())
    return std::nullopt;
  QualType T = Buf->getType();
  bool Plain = T->isArrayType();
  if (Buf->getInit()) {
    const Expr *Init = Buf->getInit()->IgnoreParenCasts();
    const auto *Call = dyn_cast<CallExpr>(Init);
    const auto *New = dyn_cast<CXXNewExpr>(Init);
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    Plain |= (RD && RD->isInStdNamespace()) ||
             (T->isPointerType() &&
              ((Call && (knownName(calleeName(Call)) == KnownName::Malloc ||
                         knownName(calleeName(Call)) == KnownName::Calloc)) ||
               (New && New->isArray())));
  }
  if (!Plain)
    return std::nullopt;
  return scratchStatements(FD, Buf, SlotDecl, SM);
}

/// Whether what the slot's length reads exists, unchanged, before the
/// parallel construct.
bool lengthKnownBefore(const Expr *Length, const OMPExecutableDirective *Par,
                       const FunctionDecl *FD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool Unstable = walkStmts(
      Length,
      [&](const Stmt *S) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
              V && !V->hasGlobalStorage() &&
              (!SM.isBeforeInTranslationUnit(V->getLocation(),
                                             Par->getBeginLoc()) ||
               isMutatedIn(V, FD->getBody(), Ctx)))
            return WalkStep::Interrupt;
        return WalkStep::Advance;
      },
      CapturedChildren::Captures);
  return !Unstable;
}

/// The statement under a directive, through the directives nested in it.
const Stmt *statementUnder(const OMPExecutableDirective *D) {
  const Stmt *Under = associatedBody(D);
  while (const auto *Nested = dyn_cast_or_null<OMPExecutableDirective>(Under))
    Under = associatedBody(Nested);
  return Under;
}

/// The buffer's declaration and releases go, when each can be edited.
void removeBuffer(
    const std::pair<const DeclStmt *, std::vector<const Stmt *>> &Removed,
    EditBuilder &E, bool &Ok) {
  const ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  auto [BufDecl, Releases] = Removed;
  Ok = E.isWritable(BufDecl->getBeginLoc());
  for (const Stmt *R : Releases)
    Ok &= E.isWritable(R->getBeginLoc());
  if (!Ok)
    return;
  E.remove(linesOrSelf(BufDecl->getBeginLoc(), statementEnd(BufDecl, Ctx), SM));
  for (const Stmt *R : Releases)
    E.remove(linesOrSelf(R->getBeginLoc(), statementEnd(R, Ctx), SM));
}

} // namespace

FixResult buildLeaseBuffer(const Finding &F, const ModelledConstruct &C,
                           EditBuilder &E) {
  if (std::get<remedy::LeaseBuffer>(F.Fix).PerCall)
    return buildBufferPerCall(F, C, E);
  const OMPExecutableDirective *Task = directiveOf(C);
  const FunctionDecl *FD = C.Function;
  ASTContext &Ctx = E.context();
  if (!E.lang().CPlusPlus || !runtimeDeclares(Ctx, "buffer_pool"))
    return E.decline("a pool needs C++ and <privateer/runtime/privateer.hpp>: "
                     "include it to lease buffers from privateer::buffer_pool");
  const auto *Body = dyn_cast_or_null<CompoundStmt>(associatedBody(Task));
  if (!Body || !FD || !FD->getBody())
    return E.decline("the task has no block body");
  const VarDecl *Buf = variableOf(F.Buffer);
  auto Slot = Buf ? slotDeclaration(Body, Buf, FD, Ctx) : std::nullopt;
  if (!Slot)
    return E.decline("the task does not take its slot as a pointer declared "
                     "in its block ('T *w = &" +
                     F.BufferName + "[omp_get_thread_num() * n]')");
  // The buffer serves this slot only (it goes), the slot pointer does not
  // reach a nested task (which could outlive the lease), and what the
  // length reads exists, unchanged, before the parallel construct.
  const OMPExecutableDirective *Parallel =
      defaultNotShared(Task) ? nullptr : enclosingParallel(Task, Ctx);
  if (!Parallel)
    return E.decline("no parallel construct around the task in this "
                     "function, or a 'default' clause on the way");
  // The pool's declaration goes before the parallel construct, which must
  // be a statement of a block for that.
  DynTypedNodeList Around =
      Ctx.getParents(*static_cast<const Stmt *>(Parallel));
  if (Around.empty() || !Around[0].get<CompoundStmt>())
    return E.decline("the parallel construct is not a statement of a block");
  BufferUses Uses = usesOf(Buf, Slot->Slot, Task, FD);
  if (Uses.InClause)
    return E.decline("'" + Buf->getNameAsString() + "' is named in a clause");
  auto Removed = removableBuffer(Buf, Slot->Decl, FD, E.sources());
  if (Uses.SlotInNestedTask)
    return E.decline("a nested task uses the slot, and could outlive a lease");
  if (!Removed && Uses.Refs != 1)
    return E.decline("'" + Buf->getNameAsString() + "' is used elsewhere too");
  if (!lengthKnownBefore(Slot->Shape.Length, Parallel, FD, Ctx))
    return E.decline(
        "the slot's length is not known before the parallel construct");
  const Expr *Init = Slot->Slot->getInit();
  if (!E.writable({Slot->Decl->getBeginLoc(), Init->getBeginLoc(),
                   Init->getEndLoc(), Parallel->getBeginLoc()}))
    return E.result();
  std::string Elem =
      Slot->Slot->getType()->getPointeeType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
  LeaseNames Names =
      leaseNames(Buf->getNameAsString(), Slot->Slot->getNameAsString());
  // The pool, before the parallel construct's pragma line, indented like
  // the statement under it.
  const Stmt *Under = statementUnder(Parallel);
  E.insert(lineStartOf(Parallel->getBeginLoc(), E.sources()),
           (Under ? lineIndent(Under->getBeginLoc(), E.sources()) : "") +
               poolDeclaration(Elem, Names, Slot->Shape.LengthText) + "\n");
  E.insert(Slot->Decl->getBeginLoc(),
           leaseDeclaration(Names) + "\n" +
               lineIndent(Slot->Decl->getBeginLoc(), E.sources()));
  E.replaceTokens(Init->getSourceRange(), leaseData(Names));
  bool RemovedAll = false;
  if (Removed)
    removeBuffer(*Removed, E, RemovedAll);
  if (!RemovedAll && Uses.Refs != 1)
    return E.decline("");
  return E.result();
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
