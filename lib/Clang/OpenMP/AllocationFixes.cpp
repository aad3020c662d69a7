//===- AllocationFixes.cpp - Allocations made once per thread, aligned ----===//
//
// Part of privateer. An allocation made and released by every iteration
// of a `parallel for` is made once per thread in a split region and reused
// (a container made again in place by `assign`, a make_unique block
// refilled); a per-thread malloc/calloc block is made line aligned and
// line rounded.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "Fixes.h"
#include "Split.h"

#include "privateer/Clang/CXX/Edits/Runtime.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// Whether \p S names a variable (a local of the loop, or one a clause of
/// \p D privatizes) that does not exist, or is another variable, before
/// the loop of \p D.
bool readsWhatTheLoopMakes(const Stmt *S, const OMPExecutableDirective *D,
                           const SourceManager &SM) {
  bool Reads = walkStmts(
      S,
      [&](const Stmt *X) {
        // (`sizeof *t` reads nothing.)
        if (isa<UnaryExprOrTypeTraitExpr>(X))
          return WalkStep::Skip;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
              V && !V->hasGlobalStorage() &&
              !SM.isBeforeInTranslationUnit(V->getLocation(), D->getBeginLoc()))
            return WalkStep::Interrupt;
        return WalkStep::Advance;
      },
      CapturedChildren::Captures);
  // Outside the loop a variable a clause privatizes is another variable.
  for (const OMPClause *C : D->clauses())
    if (!isa<OMPSharedClause>(C))
      for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
        if (const auto *E = dyn_cast_or_null<Expr>(Child))
          if (const ValueDecl *Named = clauseVariable(E); Named && S)
            forEachStmt(
                S,
                [&](const Stmt *X) {
                  if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
                    Reads |= DRE->getDecl() == Named;
                },
                CapturedChildren::Captures);
  return Reads;
}

/// Whether the allocation that initializes \p V can move before the loop
/// of \p D: its size reads only what exists before the loop, and the body
/// never reassigns \p V.
bool movableAllocation(const VarDecl *V, const OMPExecutableDirective *D,
                       const Stmt *Body, const SourceManager &SM) {
  if (readsWhatTheLoopMakes(V->getInit(), D, SM))
    return false;
  bool Assigned = walkStmts(
      Body,
      [&](const Stmt *S) {
        if (const auto *BO = dyn_cast<BinaryOperator>(S);
            BO && BO->isAssignmentOp())
          if (const auto *DRE =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
              DRE && DRE->getDecl() == V)
            return WalkStep::Interrupt;
        return WalkStep::Advance;
      },
      CapturedChildren::Captures);
  return !Assigned;
}

/// Whether \p Loop names a variable other than \p V by \p V's name (one
/// that \p V's declaration shadows): a hoisted \p V would take its place.
bool nameTakenIn(const Stmt *Loop, const VarDecl *V) {
  return walkStmts(
      Loop,
      [&](const Stmt *S) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
            DRE && DRE->getDecl() != V &&
            DRE->getDecl()->getDeclName() == V->getDeclName())
          return WalkStep::Interrupt;
        return WalkStep::Advance;
      },
      CapturedChildren::Captures);
}

/// The statement of \p Body that releases \p V (`free(v);`, `delete[] v;`).
const Stmt *releaseIn(const CompoundStmt *Body, const VarDecl *V) {
  const Stmt *Release = nullptr;
  for (const Stmt *S : Body->body())
    if (releasedVariable(S) == V)
      Release = S;
  return Release;
}

/// The split's opening and closing edits around \p Loop, with \p Prologue
/// declared for each thread; \p Edit makes the edits inside the loop.
FixResult splitAround(const OMPExecutableDirective *D, const ForStmt *Loop,
                      const std::string &Prologue, EditBuilder &E,
                      llvm::function_ref<void()> Edit,
                      const std::string &Epilogue = "") {
  ASTContext &Ctx = E.context();
  std::string Indent = lineIndent(Loop->getBeginLoc(), E.sources());
  auto Header = splitHeader(D, Indent, Prologue, Ctx);
  if (!Header)
    return Header.takeError();
  E.append({*Header});
  Edit();
  E.indentMore(Loop);
  E.insert(
      Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, E.sources(), E.lang()),
      "\n" + Indent +
          (Epilogue.empty() ? "" : "  " + Epilogue + "\n" + Indent) + "}");
  return E.result();
}

/// `std::vector<T> v(n);` (or `v(n, x)`, a std::string `s(n, c)`) made in
/// every iteration: one per thread, declared in the region, and refilled
/// in each iteration with `v.assign(n, T())` (`v.assign(n, x)`), which
/// keeps the capacity: the same contents as a new one, no allocation once
/// the first iteration has grown it. Read only where written first:
/// resize() keeps the capacity and, from the second iteration on, does
/// nothing at all.
FixResult reusedContainer(const OMPExecutableDirective *D, const ForStmt *Loop,
                          const DeclStmt *Decl, const VarDecl *V,
                          const CXXConstructExpr *Construct, bool KeepContents,
                          EditBuilder &E) {
  ASTContext &Ctx = E.context();
  std::string WhyNot;
  auto Sized = sizedContainer(V, Construct, Ctx, WhyNot);
  if (!Sized)
    return E.decline(WhyNot);
  if (!E.writable({Decl->getBeginLoc(), Decl->getEndLoc()}))
    return E.result();
  std::string Name = V->getName().str();
  return splitAround(D, Loop, writtenType(V, Ctx) + " " + Name + ";", E, [&] {
    E.replace(CharSourceRange::getCharRange(Decl->getBeginLoc(),
                                            statementEnd(Decl, Ctx)),
              KeepContents ? Name + ".resize(" + Sized->CountText + ");"
                           : Name + ".assign(" + Sized->CountText + ", " +
                                 Sized->ValueText + ");");
  });
}

/// `auto p = std::make_unique<T[]>(n);` (a scalar T): the count and the
/// element type, for the refill.
std::optional<std::pair<const Expr *, QualType>> uniqueArray(const VarDecl *V,
                                                             ASTContext &Ctx) {
  const Expr *Init = V->getInit()->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
      CE && CE->getNumArgs() == 1)
    Init = CE->getArg(0)->IgnoreImplicit();
  const auto *Call = dyn_cast<CallExpr>(Init);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const TemplateArgumentList *TArgs =
      Callee ? Callee->getTemplateSpecializationArgs() : nullptr;
  if (!Callee || !Callee->isInStdNamespace() || !Callee->getIdentifier() ||
      Callee->getName() != "make_unique" || Call->getNumArgs() != 1 || !TArgs ||
      TArgs->size() < 1 || TArgs->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  const auto *AT = Ctx.getAsIncompleteArrayType(TArgs->get(0).getAsType());
  if (!AT || !AT->getElementType()->isScalarType())
    return std::nullopt;
  return std::make_pair(Call->getArg(0), AT->getElementType());
}

/// The make_unique block owns itself: it moves out of the loop as it is,
/// and each iteration value-initializes the elements again
/// (std::uninitialized_fill_n, from <memory> like make_unique), unless
/// every element read is written first.
FixResult refilledUniqueArray(const OMPExecutableDirective *D,
                              const ForStmt *Loop, const DeclStmt *Alloc,
                              const VarDecl *V, const Expr *Count,
                              QualType Element, bool KeepContents,
                              EditBuilder &E) {
  ASTContext &Ctx = E.context();
  if (!E.maySpellTypesIn(dyn_cast<FunctionDecl>(V->getDeclContext())))
    return E.result();
  SourceRange Decl(Alloc->getBeginLoc(), Alloc->getEndLoc());
  return splitAround(D, Loop, tokensOf(Decl, Ctx), E, [&] {
    if (KeepContents)
      E.remove(linesOrSelf(Alloc->getBeginLoc(), statementEnd(Alloc, Ctx),
                           E.sources()));
    else
      E.replaceTokens(Decl, "std::uninitialized_fill_n(" + V->getName().str() +
                                ".get(), " +
                                tokensOf(Count->getSourceRange(), Ctx) + ", " +
                                spellType(Element, Ctx) + "());");
  });
}

/// A block a malloc or new[] leaves uninitialized.
bool uninitializedBlock(const Expr *Init) {
  Init = Init->IgnoreParenCasts();
  if (const auto *New = dyn_cast<CXXNewExpr>(Init))
    return New->isArray() && !New->hasInitializer();
  const auto *Call = dyn_cast<CallExpr>(Init);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  return F && F->getIdentifier() && F->getName() == "malloc";
}

/// The allocation \p Alloc of \p V and its release move out of the loop,
/// with every other malloc or new[] block the body makes and releases: a
/// second split of the same loop could not follow the first (the loop is
/// no longer a combined 'parallel for'), and both findings make this one
/// edit.
FixResult hoistedBlocks(const OMPExecutableDirective *D, const ForStmt *Loop,
                        const CompoundStmt *Body, const DeclStmt *Alloc,
                        const VarDecl *V, const Stmt *Release, EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  std::vector<std::pair<const DeclStmt *, const Stmt *>> Moved{
      {Alloc, Release}};
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *X = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (!X || X == V || !X->getInit() || !uninitializedBlock(X->getInit()) ||
        !movableAllocation(X, D, Body, SM) || nameTakenIn(Loop, X) ||
        !E.isWritable(DS->getBeginLoc()))
      continue;
    const Stmt *Free = releaseIn(Body, X);
    if (Free && E.isWritable(Free->getBeginLoc()) &&
        Lexer::findLocationAfterToken(Free->getEndLoc(), tok::semi, SM,
                                      E.lang(), false)
            .isValid())
      Moved.push_back({DS, Free});
  }
  auto Before = [&](const Stmt *A, const Stmt *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  };
  std::vector<const Stmt *> Releases;
  for (const auto &M : Moved)
    Releases.push_back(M.second);
  llvm::sort(Moved, [&](const auto &A, const auto &B) {
    return Before(A.first, B.first);
  });
  llvm::sort(Releases, Before);
  std::string Indent = lineIndent(Loop->getBeginLoc(), SM);
  std::string AllocText, ReleaseText;
  for (const auto &M : Moved)
    AllocText += (AllocText.empty() ? "" : "\n" + Indent + "  ") +
                 tokensOf(M.first->getSourceRange(), Ctx);
  for (const Stmt *R : Releases)
    ReleaseText += (ReleaseText.empty() ? "" : "\n" + Indent + "  ") +
                   textOf(CharSourceRange::getCharRange(R->getBeginLoc(),
                                                        statementEnd(R, Ctx)),
                          Ctx);
  return splitAround(
      D, Loop, AllocText, E,
      [&] {
        for (const auto &[A, Rel] : Moved) {
          E.remove(linesOrSelf(A->getBeginLoc(), statementEnd(A, Ctx), SM));
          E.remove(linesOrSelf(Rel->getBeginLoc(), statementEnd(Rel, Ctx), SM));
        }
      },
      ReleaseText);
}

} // namespace

FixResult buildAllocationPerThread(const Finding &F, const ModelledConstruct &C,
                                   EditBuilder &E) {
  const OMPExecutableDirective *D = directiveOf(C);
  bool KeepContents = std::get<remedy::AllocationPerThread>(F.Fix).KeepContents;
  auto Loop = splittableLoop(D);
  if (!Loop)
    return Loop.takeError();
  if (!E.writable(D->getBeginLoc()))
    return E.result();
  const auto *Body = dyn_cast<CompoundStmt>((*Loop)->getBody());
  if (!Body)
    return E.decline("the loop has no block body");
  // The allocation and the release, both statements of the body itself.
  const VarDecl *V = variableOf(F.Buffer);
  const DeclStmt *Alloc = nullptr;
  for (const Stmt *S : Body->body())
    if (const auto *DS = dyn_cast<DeclStmt>(S); V && V->getInit() && DS &&
                                                DS->isSingleDecl() &&
                                                DS->getSingleDecl() == V)
      Alloc = DS;
  const Stmt *Release = Alloc ? releaseIn(Body, V) : nullptr;
  // The declaration moves to the region, around the whole loop: the loop
  // must not name another variable of that name (one the declaration
  // shadowed until now).
  if (Alloc && nameTakenIn(*Loop, V))
    return E.decline("the loop also names another variable called '" +
                     V->getNameAsString() + "'");
  if (Alloc && !Release)
    if (const auto *Construct =
            dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit()))
      return reusedContainer(D, *Loop, Alloc, V, Construct, KeepContents, E);
  auto Unique = Alloc && !Release ? uniqueArray(V, E.context()) : std::nullopt;
  if (!Alloc || (!Release && !Unique))
    return E.decline("the allocation and its release are not both statements "
                     "of the loop body");
  if (!movableAllocation(V, D, Body, E.sources()))
    return E.decline("the allocation depends on the iteration, or the pointer "
                     "is reassigned");
  if (!E.writable(
          {Alloc->getBeginLoc(), (Release ? Release : Alloc)->getBeginLoc()}))
    return E.result();
  if (Unique)
    return refilledUniqueArray(D, *Loop, Alloc, V, Unique->first,
                               Unique->second, KeepContents, E);
  if (Lexer::findLocationAfterToken(Release->getEndLoc(), tok::semi,
                                    E.sources(), E.lang(), false)
          .isInvalid())
    return E.decline("the release has no semicolon of its own");
  return hoistedBlocks(D, *Loop, Body, Alloc, V, Release, E);
}

FixResult buildAlignAllocation(const Finding &F, const ModelledConstruct &C,
                               EditBuilder &E) {
  // malloc(S)    -> privateer_aligned_alloc(S) with <privateer/runtime/
  //                 privateer.h>, else aligned_alloc(LINE, S rounded up);
  // calloc(N, S) -> privateer_aligned_calloc(N, S).
  // Only the call changes: a cast around it (C++) stays.
  const auto &Fix = std::get<remedy::AlignAllocation>(F.Fix);
  SourceLocation At = fromLoc(Fix.Begin);
  const CallExpr *Call = nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    SourceLocation At;
    const CallExpr *&Call;
    Finder(SourceLocation At, const CallExpr *&Call) : At(At), Call(Call) {}
    // The call, or a cast of it (`(double *)malloc(n)`), starts at At.
    bool VisitExpr(Expr *E) {
      if (E->getBeginLoc() == At)
        Call = dyn_cast<CallExpr>(E->IgnoreParenCasts());
      return !Call;
    }
  } Find(At, Call);
  if (C.Function && C.Function->getBody())
    Find.TraverseStmt(C.Function->getBody());
  if (!Call) // made in a function the construct calls
    Find.TraverseDecl(E.context().getTranslationUnitDecl());
  StringRef Name = Call ? calleeName(Call) : StringRef();
  if (!Call || !(Name == "malloc" || Name == "calloc") ||
      Call->getNumArgs() != (Name == "malloc" ? 1u : 2u))
    return E.decline("the allocation is not a call of malloc or calloc");
  if (!E.writable({Call->getBeginLoc(), Call->getEndLoc()}))
    return E.result();
  std::string WhyNot;
  auto Replacement =
      alignedAllocation(Call, Fix.LineBytes, E.context(), WhyNot);
  if (!Replacement)
    return E.decline(WhyNot);
  E.replaceTokens(Call->getSourceRange(), *Replacement);
  return E.result();
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
