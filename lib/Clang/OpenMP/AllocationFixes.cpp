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

#include "privateer/Analysis/ThreadingChecks.h"
#include "privateer/Clang/CXX/Edits/Runtime.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
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

#include <map>

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
  if (!Callee || !Callee->isInStdNamespace() ||
      knownName(Callee) != KnownName::MakeUnique || Call->getNumArgs() != 1 ||
      !TArgs || TArgs->size() < 1 ||
      TArgs->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  const auto *AT = Ctx.getAsIncompleteArrayType(TArgs->get(0).getAsType());
  if (!AT || !AT->getElementType()->isScalarType())
    return std::nullopt;
  return std::make_pair(Call->getArg(0), AT->getElementType());
}

/// A block a malloc or new[] leaves uninitialized.
bool uninitializedBlock(const Expr *Init) {
  Init = Init->IgnoreParenCasts();
  if (const auto *New = dyn_cast<CXXNewExpr>(Init))
    return New->isArray() && !New->hasInitializer();
  const auto *Call = dyn_cast<CallExpr>(Init);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  return knownName(F) == KnownName::Malloc;
}

/// One allocation of the loop body that the split makes once per thread.
struct Hoisted {
  enum Kind {
    /// A malloc or new[] block: its declaration moves before the loop and
    /// its release after it, as they are (what a block holds is never
    /// read before it is written: the next iteration may reuse it).
    Block,
    /// `std::vector<T> v(n);` (or `v(n, x)`, a std::string `s(n, c)`):
    /// one per thread, declared in the region and refilled in each
    /// iteration with `v.assign(n, T())` (`v.assign(n, x)`), which keeps
    /// the capacity: the same contents as a new one, no allocation once the
    /// first iteration has grown it. Read only where written first:
    /// resize() keeps the capacity and, from the second iteration on, does
    /// nothing at all.
    Container,
    /// `auto p = std::make_unique<T[]>(n);`: it owns itself and moves out
    /// of the loop as it is; each iteration value-initializes the elements
    /// again (std::uninitialized_fill_n, from <memory> like make_unique),
    /// unless every element read is written first.
    UniqueArray,
  } K;
  const DeclStmt *Decl = nullptr;
  const VarDecl *Var = nullptr;
  const Stmt *Release = nullptr;
  std::optional<SizedContainer> Sized;
  const Expr *Count = nullptr;
  QualType Element;
  bool KeepContents = false;
};

/// How the split makes \p V, declared by \p Decl in \p Body, once per
/// thread; none, with \p WhyNot set, when it cannot. \p Quiet: a check
/// that fails records no refusal in \p E (an allocation hoisted beside the
/// one a finding is about).
std::optional<Hoisted> hoistable(const OMPExecutableDirective *D,
                                 const ForStmt *Loop, const CompoundStmt *Body,
                                 const DeclStmt *Decl, const VarDecl *V,
                                 bool KeepContents, bool Quiet, EditBuilder &E,
                                 std::string &WhyNot) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  auto Writable = [&](std::initializer_list<SourceLocation> Ls) {
    if (!Quiet)
      return E.writable(Ls);
    return llvm::all_of(Ls, [&](SourceLocation L) { return E.isWritable(L); });
  };
  // The declaration moves to the region, around the whole loop: the loop
  // must not name another variable of that name (one the declaration
  // shadowed until now).
  if (nameTakenIn(Loop, V)) {
    WhyNot = "the loop also names another variable called '" +
             V->getNameAsString() + "'";
    return std::nullopt;
  }
  Hoisted H;
  H.Decl = Decl;
  H.Var = V;
  H.KeepContents = KeepContents;
  H.Release = releaseIn(Body, V);
  if (!H.Release)
    if (const auto *Construct =
            dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit())) {
      H.K = Hoisted::Container;
      H.Sized = sizedContainer(V, Construct, Ctx, WhyNot);
      if (!H.Sized || !Writable({Decl->getBeginLoc(), Decl->getEndLoc()}))
        return std::nullopt;
      return H;
    }
  auto Unique = H.Release ? std::nullopt : uniqueArray(V, Ctx);
  if (!H.Release && !Unique) {
    WhyNot = "the allocation and its release are not both statements of the "
             "loop body";
    return std::nullopt;
  }
  if (!movableAllocation(V, D, Body, SM)) {
    WhyNot = "the allocation depends on the iteration, or the pointer is "
             "reassigned";
    return std::nullopt;
  }
  if (!Writable(
          {Decl->getBeginLoc(), (H.Release ? H.Release : Decl)->getBeginLoc()}))
    return std::nullopt;
  if (Unique) {
    const auto *FD = dyn_cast<FunctionDecl>(V->getDeclContext());
    if (const char *NoTypes = EditBuilder::typesRefusal(FD)) {
      if (!Quiet)
        E.maySpellTypesIn(FD); // records the refusal
      WhyNot = NoTypes;
      return std::nullopt;
    }
    H.K = Hoisted::UniqueArray;
    H.Count = Unique->first;
    H.Element = Unique->second;
    return H;
  }
  // What an initialized block holds must not carry over to the next
  // iteration, unless every element read is written first.
  if (!uninitializedBlock(V->getInit()) && !KeepContents) {
    WhyNot = "the block is initialized where it is made, and an iteration "
             "may read what the one before left in it";
    return std::nullopt;
  }
  if (Lexer::findLocationAfterToken(H.Release->getEndLoc(), tok::semi, SM,
                                    E.lang(), false)
          .isInvalid()) {
    WhyNot = "the release has no semicolon of its own";
    return std::nullopt;
  }
  H.K = Hoisted::Block;
  return H;
}

/// The allocations of \p Body that the split makes once per thread beside
/// \p Own (the finding's): every other one the loop-alloc check reports
/// there, and every uninitialized block the body makes and releases. A
/// second split of the same loop could not follow the first (the loop is
/// no longer a combined 'parallel for'), so every finding of the loop
/// makes this one edit, the same whichever builds it.
std::vector<Hoisted> hoistedBeside(const Hoisted &Own, const ParallelRegion &R,
                                   const OMPExecutableDirective *D,
                                   const ForStmt *Loop,
                                   const CompoundStmt *Body, EditBuilder &E) {
  // What the check says of each allocation: reused per thread, and whether
  // what it holds may carry over to the next iteration.
  std::map<const VarDecl *, bool> Reported;
  for (const Finding &F : analyzeLoopAlloc(R))
    if (const auto *A = std::get_if<remedy::AllocationPerThread>(&F.Fix))
      if (const VarDecl *V = variableOf(F.Buffer))
        Reported[V] = A->KeepContents;
  std::vector<Hoisted> All{Own};
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *X = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (!X || X == Own.Var || !X->getInit())
      continue;
    auto It = Reported.find(X);
    bool Block = uninitializedBlock(X->getInit());
    if (It == Reported.end() && !Block)
      continue;
    std::string WhyNot;
    auto H = hoistable(D, Loop, Body, DS, X,
                       It == Reported.end() ? false : It->second,
                       /*Quiet=*/true, E, WhyNot);
    // A block that is not reported (a small one) moves as it is, or not.
    if (H && (It != Reported.end() || H->K == Hoisted::Block))
      All.push_back(std::move(*H));
  }
  const SourceManager &SM = E.sources();
  llvm::sort(All, [&](const Hoisted &A, const Hoisted &B) {
    return SM.isBeforeInTranslationUnit(A.Decl->getBeginLoc(),
                                        B.Decl->getBeginLoc());
  });
  return All;
}

/// The split that makes each of \p All once per thread: their
/// declarations open the region, their releases close it, and each
/// iteration refills what must be refilled.
FixResult splitHoisting(const OMPExecutableDirective *D, const ForStmt *Loop,
                        const std::vector<Hoisted> &All, EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  std::string Indent = lineIndent(Loop->getBeginLoc(), SM);
  std::string Prologue, Epilogue;
  std::vector<const Stmt *> Releases;
  for (const Hoisted &H : All) {
    Prologue += (Prologue.empty() ? "" : "\n" + Indent + "  ");
    if (H.K == Hoisted::Container)
      Prologue += writtenType(H.Var, Ctx) + " " + H.Var->getName().str() + ";";
    else
      Prologue += tokensOf(H.Decl->getSourceRange(), Ctx);
    if (H.Release)
      Releases.push_back(H.Release);
  }
  llvm::sort(Releases, [&](const Stmt *A, const Stmt *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  for (const Stmt *R : Releases)
    Epilogue += (Epilogue.empty() ? "" : "\n" + Indent + "  ") +
                textOf(CharSourceRange::getCharRange(R->getBeginLoc(),
                                                     statementEnd(R, Ctx)),
                       Ctx);
  return splitAround(
      D, Loop, Prologue, E,
      [&] {
        for (const Hoisted &H : All) {
          std::string Name = H.Var->getName().str();
          CharSourceRange DeclLines =
              linesOrSelf(H.Decl->getBeginLoc(), statementEnd(H.Decl, Ctx), SM);
          switch (H.K) {
          case Hoisted::Block:
            E.remove(DeclLines);
            E.remove(linesOrSelf(H.Release->getBeginLoc(),
                                 statementEnd(H.Release, Ctx), SM));
            break;
          case Hoisted::Container:
            E.replace(CharSourceRange::getCharRange(H.Decl->getBeginLoc(),
                                                    statementEnd(H.Decl, Ctx)),
                      H.KeepContents
                          ? Name + ".resize(" + H.Sized->CountText + ");"
                          : Name + ".assign(" + H.Sized->CountText + ", " +
                                H.Sized->ValueText + ");");
            break;
          case Hoisted::UniqueArray:
            if (H.KeepContents)
              E.remove(DeclLines);
            else
              E.replaceTokens(H.Decl->getSourceRange(),
                              "std::uninitialized_fill_n(" + Name + ".get(), " +
                                  tokensOf(H.Count->getSourceRange(), Ctx) +
                                  ", " + spellType(H.Element, Ctx) + "());");
            break;
          }
        }
      },
      Epilogue);
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
  if (!Alloc)
    return E.decline("the allocation and its release are not both statements "
                     "of the loop body");
  std::string WhyNot;
  auto Own = hoistable(D, *Loop, Body, Alloc, V, KeepContents,
                       /*Quiet=*/false, E, WhyNot);
  if (!Own)
    return E.refused() ? E.result() : E.decline(WhyNot);
  return splitHoisting(D, *Loop,
                       hoistedBeside(*Own, C.Region, D, *Loop, Body, E), E);
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
  KnownName Name = Call ? knownName(calleeName(Call)) : KnownName::Unlisted;
  if (!Call || !(Name == KnownName::Malloc || Name == KnownName::Calloc) ||
      Call->getNumArgs() != (Name == KnownName::Malloc ? 1u : 2u))
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
