//===- ClauseFixes.cpp - Data-sharing clauses -----------------------------===//
//
// Part of privateer. A Privatize or Reduce remedy becomes a clause of the
// directive: private, firstprivate, lastprivate where exact, reduction. An
// existing clause of the same kind takes the new item; the clause goes
// after the last clause (or into a `_Pragma` string written in the file).
// Declined where no clause can name the variable, where the copy could not
// be made, where the program needs the value the construct leaves, and
// where a clause already names the variable (a second one would not
// compile).
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "Fixes.h"
#include "Pragmas.h"
#include "PrivateCopies.h"

#include "privateer/Analysis/Advice.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// The clause that makes a copy of kind \p Copy.
const char *clauseName(PrivateCopy Copy) {
  switch (Copy) {
  case PrivateCopy::Private:
    return "private";
  case PrivateCopy::FirstPrivate:
    return "firstprivate";
  case PrivateCopy::LastPrivate:
    return "lastprivate";
  }
  return "private";
}

/// A reduction's list item: the variable, or for an array the section of
/// its first \p Length elements with the length as the declaration spells
/// it: `hist[:NB]` rather than `hist[:16]` when `hist` is `int hist[NB]`.
std::string spelledSection(const VarDecl *V, std::optional<uint64_t> Length,
                           ASTContext &Ctx) {
  std::string Name = V->getNameAsString();
  if (!Length)
    return Name;
  std::string Item = Name + "[:" + std::to_string(*Length) + "]";
  if (!V->getTypeSourceInfo())
    return Item;
  auto AT = V->getTypeSourceInfo()
                ->getTypeLoc()
                .getAsAdjusted<ConstantArrayTypeLoc>();
  const Expr *Size = AT ? AT.getSizeExpr() : nullptr;
  if (!Size)
    return Item;
  // A name (a macro or a constant) or a number reads well; anything else
  // keeps the computed extent.
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Text = textOf(SM.getExpansionRange(Size->getSourceRange()), Ctx);
  return isNameOrNumber(Text) ? Name + "[:" + Text + "]" : Item;
}

/// The explicit data-sharing clause of \p D that names \p V, if one does.
const OMPClause *sharingClauseNaming(const OMPExecutableDirective *D,
                                     const ValueDecl *V) {
  for (const OMPClause *C : D->clauses()) {
    if (!C || C->isImplicit() ||
        !(isa<OMPSharedClause>(C) || isa<OMPPrivateClause>(C) ||
          isa<OMPFirstprivateClause>(C) || isa<OMPLastprivateClause>(C) ||
          isa<OMPReductionClause>(C) || isa<OMPLinearClause>(C)))
      continue;
    for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child);
          E && clauseVariable(E) == V)
        return C;
  }
  return nullptr;
}

/// Why no clause of \p D can name \p V, or success.
llvm::Error clauseCannotName(const VarDecl *V, const OMPExecutableDirective *D,
                             bool Reduction) {
  std::string Name = "'" + V->getNameAsString() + "'";
  // The counter of a plain loop that every thread of a parallel region
  // runs over shared elements: private copies would make each thread run
  // the whole loop. What the code lacks is the worksharing directive.
  if (!Reduction && !isOpenMPLoopDirective(D->getDirectiveKind()) &&
      unsharedLoopCountedBy(associatedBody(D), V, D,
                            V->getASTContext().getSourceManager()))
    return decline(Name + " counts a loop that every thread runs whole; "
                          "private copies would not share its iterations: "
                          "put '#pragma omp for' on the loop instead");
  // OpenMP predetermines static data members as shared: no clause of a
  // construct can name one (`reduction(+: x)` would not even find `A::x`).
  if (V->isStaticDataMember())
    return decline("'" + V->getQualifiedNameAsString() +
                   "' is a static data member, which OpenMP keeps shared: " +
                   (Reduction ? "accumulate into a local variable with a "
                                "reduction and add it to the member after "
                                "the construct"
                              : "use a local variable declared inside the "
                                "construct instead"));
  // No reduction identifier is predefined for vector-extension types
  // (`float __attribute__((vector_size(16)))`): the clause would not compile.
  if (Reduction && V->getType()->getBaseElementTypeUnsafe()->isVectorType())
    return decline("OpenMP predefines no reduction for the vector type of " +
                   Name +
                   ": declare one with '#pragma omp declare reduction', or "
                   "reduce each lane in a scalar");
  // A variable may appear in one data-sharing clause of a directive: the
  // user must take it out of a shared clause; one that is already private
  // or a reduction races in code the clause's copy does not reach (a
  // called function that uses the shared variable by its name).
  if (const OMPClause *Named = sharingClauseNaming(D, V)) {
    if (isa<OMPSharedClause>(Named))
      return decline(Name + " is named in the directive's shared clause: take "
                            "it out of that clause first");
    return decline(
        Name + " is already named in the directive's '" +
        llvm::omp::getOpenMPClauseName(Named->getClauseKind()).str() +
        "' clause: the race is in code that uses the shared variable instead "
        "of the thread's copy (a called function); make those accesses "
        "atomic, or pass the copy to that code");
  }
  return llvm::Error::success();
}

/// The copy of \p V that keeps the program's meaning, from the remedy's
/// \p Copy: lastprivate where the program reads the value after the
/// construct and the last iteration surely writes it; an error where no
/// copy does.
llvm::Expected<PrivateCopy> exactCopy(const VarDecl *V, PrivateCopy Copy,
                                      const OMPExecutableDirective *D,
                                      const FunctionDecl *Function,
                                      ASTContext &Ctx) {
  std::string Name = V->getNameAsString();
  // A class-type copy must be made: default-constructed for private,
  // copied for firstprivate.
  if (const CXXRecordDecl *RD =
          V->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
      RD && !constructible(RD, Copy == PrivateCopy::FirstPrivate))
    return decline(
        "'" + Name + "' cannot be " +
        (Copy == PrivateCopy::FirstPrivate ? "copied" : "default-constructed") +
        ", which a private copy needs");
  // A private copy loses what the construct leaves in the variable;
  // lastprivate keeps it when the last iteration surely writes it.
  if (!usedAfter(V, D, Function, Ctx))
    return Copy;
  bool LastWrites = lastIterationWrites(D, V);
  if (Copy == PrivateCopy::Private && LastWrites && nonmonotonicDynamic(D))
    return decline("'lastprivate(" + Name +
                   ")' would be exact, but LLVM's libomp can lose lastprivate "
                   "values under a nonmonotonic 'schedule(dynamic)': write "
                   "'schedule(monotonic: dynamic)' and apply the fix again");
  if (Copy != PrivateCopy::Private || !LastWrites)
    return decline("'" + Name +
                   "' is used after the construct, and a private copy would "
                   "not leave its value there" +
                   (Copy == PrivateCopy::Private && isa<OMPLoopDirective>(D)
                        ? " (lastprivate would, but the last iteration may "
                          "not write it)"
                        : ""));
  return PrivateCopy::LastPrivate;
}

/// Before OpenMP 5.0 a variable in a 'target' directive's map clause cannot
/// also be private there.
llvm::Error mappedBeforeOpenMP5(const VarDecl *V, PrivateCopy Copy,
                                const OMPExecutableDirective *D,
                                ASTContext &Ctx) {
  if (Ctx.getLangOpts().OpenMP >= 50 ||
      !isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
    return llvm::Error::success();
  for (const OMPClause *C : D->clauses())
    if (const auto *MC = dyn_cast_or_null<OMPMapClause>(C))
      for (const Expr *E : MC->varlist())
        if (clauseVariable(E) == V)
          return decline("'" + V->getNameAsString() +
                         "' is in the directive's map clause, and before "
                         "OpenMP 5.0 a mapped variable cannot also be " +
                         std::string(clauseName(Copy)) +
                         ": declare it inside the loop body, or compile with "
                         "-fopenmp-version=50 or later");
  return llvm::Error::success();
}

/// The existing clause of \p D that takes \p Item as one more (`private`,
/// or a `reduction` with the same operator and no modifier); null for
/// none.
const OMPClause *clauseToExtend(const OMPExecutableDirective *D,
                                const remedy::Reduce *Reduce, PrivateCopy Copy,
                                EditBuilder &E) {
  for (const OMPClause *C : D->clauses()) {
    if (!C || C->isImplicit() || !E.isWritable(C->getEndLoc()))
      continue;
    if (Reduce) {
      const auto *RC = dyn_cast<OMPReductionClause>(C);
      if (!RC || RC->getModifier() != OMPC_REDUCTION_unknown)
        continue;
      DeclarationName Id = RC->getNameInfo().getName();
      std::string Op = Id.getNameKind() == DeclarationName::CXXOperatorName
                           ? getOperatorSpelling(Id.getCXXOverloadedOperator())
                           : Id.getAsString();
      if (Op == openMPReductionIdentifier(Reduce->Op))
        return C;
      continue;
    }
    if ((Copy == PrivateCopy::Private && isa<OMPPrivateClause>(C)) ||
        (Copy == PrivateCopy::FirstPrivate && isa<OMPFirstprivateClause>(C)) ||
        (Copy == PrivateCopy::LastPrivate && isa<OMPLastprivateClause>(C)))
      return C;
  }
  return nullptr;
}

} // namespace

FixResult buildDataSharingClause(const Finding &F, const ModelledConstruct &C,
                                 EditBuilder &E) {
  const OMPExecutableDirective *D = directiveOf(C);
  ASTContext &Ctx = E.context();
  const auto *Reduce = std::get_if<remedy::Reduce>(&F.Fix);
  const auto *Privatize = std::get_if<remedy::Privatize>(&F.Fix);
  if (Reduce && Reduce->OverTeam)
    return buildTeamReduction(F, C, *Reduce, E);
  // `_Pragma("omp parallel for")` written in the file takes the clause
  // inside its string; one from a macro stays as it is.
  SourceLocation InString = pragmaOperatorInsertionPoint(D, Ctx);
  if (InString.isInvalid() && !E.writable(D->getBeginLoc(), "the directive"))
    return E.result();
  if (Reduce && !openMPReductionIdentifier(Reduce->Op))
    return E.decline("no OpenMP reduction combines with this operator");
  const VarDecl *V = variableNamedInConstruct(D, F.Buffer);
  if (!V)
    return E.decline("the variable is not named in the construct");
  if (llvm::Error Err = clauseCannotName(V, D, Reduce))
    return std::move(Err);
  PrivateCopy Copy = Privatize ? Privatize->Copy : PrivateCopy::Private;
  if (!Reduce) {
    llvm::Expected<PrivateCopy> Exact = exactCopy(V, Copy, D, C.Function, Ctx);
    if (!Exact)
      return Exact.takeError();
    Copy = *Exact;
    if (llvm::Error Err = mappedBeforeOpenMP5(V, Copy, D, Ctx))
      return std::move(Err);
  }
  std::string Item = Reduce ? spelledSection(V, Reduce->SectionLength, Ctx)
                            : V->getNameAsString();
  if (const OMPClause *Existing = clauseToExtend(D, Reduce, Copy, E)) {
    E.insert(Existing->getEndLoc(), ", " + Item);
    return E.result();
  }
  SourceLocation At =
      InString.isValid() ? InString : clauseInsertionPoint(D, Ctx);
  if (!E.writable(At, "the directive"))
    return E.result();
  E.insert(At, Reduce ? " reduction(" +
                            std::string(openMPReductionIdentifier(Reduce->Op)) +
                            ": " + Item + ")"
                      : " " + std::string(clauseName(Copy)) + "(" + Item + ")");
  return E.result();
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
