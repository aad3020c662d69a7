//===- ClauseFixes.cpp - Data-sharing clauses
//-------------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "FixSupport.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "privateer/Analysis/Advice.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// Whether a class can be default-constructed (or, with \p Copy, copied)
/// as an OpenMP private copy is.
bool constructible(const CXXRecordDecl *RD, bool Copy) {
  RD = RD->getDefinition();
  if (!RD)
    return false;
  if (Copy && RD->needsImplicitCopyConstructor())
    return !RD->defaultedCopyConstructorIsDeleted();
  if (!Copy && RD->needsImplicitDefaultConstructor()) {
    // Deleted when a member or base cannot be default-initialized.
    for (const CXXBaseSpecifier &B : RD->bases())
      if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
          BD && !constructible(BD, false))
        return false;
    for (const FieldDecl *F : RD->fields()) {
      QualType T = F->getType();
      if (F->hasInClassInitializer())
        continue;
      if (T->isReferenceType() ||
          (T.isConstQualified() && !T->getAsCXXRecordDecl()))
        return false;
      if (const CXXRecordDecl *FD =
              T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
          FD && !constructible(FD, false))
        return false;
    }
    return true;
  }
  return llvm::any_of(RD->ctors(), [&](const CXXConstructorDecl *C) {
    return !C->isDeleted() && C->getAccess() != AS_private &&
           C->getAccess() != AS_protected &&
           (Copy ? C->isCopyConstructor() : C->isDefaultConstructor());
  });
}

bool mentions(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == V;
  for (const Stmt *Child : S->children())
    if (mentions(Child, V))
      return true;
  return false;
}

/// Whether \p S assigns an element, indexed by \p V, of an array or
/// pointee declared before \p D: memory the whole team shares.
bool writesSharedElementsBy(const Stmt *S, const ValueDecl *V,
                            const OMPExecutableDirective *D,
                            const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (const auto *AS =
            dyn_cast<ArraySubscriptExpr>(BO->getLHS()->IgnoreParenImpCasts());
        AS && mentions(AS->getIdx(), V))
      if (const auto *Base =
              dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
        if (SM.isBeforeInTranslationUnit(Base->getDecl()->getLocation(),
                                         D->getBeginLoc()))
          return true;
  for (const Stmt *Child : S->children())
    if (writesSharedElementsBy(Child, V, D, SM))
      return true;
  return false;
}

/// A `for` loop in \p S (not under a nested directive) whose header
/// assigns \p V (`for (i = 0; ...; i++)`) and whose body writes shared
/// elements indexed by it: a loop that lacks its worksharing directive.
const ForStmt *unsharedLoopCountedBy(const Stmt *S, const ValueDecl *V,
                                     const OMPExecutableDirective *D,
                                     const SourceManager &SM) {
  if (!S || isa<OMPExecutableDirective>(S))
    return nullptr;
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    const auto *Init =
        dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<Expr>(F->getInit()));
    if (Init && Init->isAssignmentOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V &&
          writesSharedElementsBy(F->getBody(), V, D, SM))
        return F;
  }
  for (const Stmt *Child : S->children())
    if (const ForStmt *F = unsharedLoopCountedBy(Child, V, D, SM))
      return F;
  return nullptr;
}

/// For a directive written as `_Pragma("omp ...")` in the file itself (not
/// in a macro's body), the end of the string's text, where a clause goes;
/// invalid otherwise.
SourceLocation pragmaOperatorInsertionPoint(const OMPExecutableDirective *D,
                                            ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // The directive starts at its `_Pragma` token: in the code, or in the
  // body of the macro that holds it.
  SourceLocation At = D->getBeginLoc();
  if (!At.isFileID() || SM.isInSystemHeader(At))
    return {};
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(At);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(Pos.first, &Invalid);
  if (Invalid)
    return {};
  // Not in a `#define`: the logical line (with its `\` continuations)
  // must not be a preprocessor directive.
  size_t Line = lineStart(Buffer, Pos.second);
  while (Line >= 2 && Buffer[Line - 2] == '\\')
    Line = lineStart(Buffer, Line - 1);
  if (Buffer.substr(Line).ltrim(" \t").starts_with("#"))
    return {};
  // `_Pragma` `(` "string" `)`, lexed from the file.
  Lexer Raw(SM.getLocForStartOfFile(Pos.first), LO, Buffer.begin(),
            Buffer.begin() + Pos.second, Buffer.end());
  Token Tok;
  Raw.LexFromRawLexer(Tok);
  if (!Tok.is(tok::raw_identifier) || Tok.getRawIdentifier() != "_Pragma")
    return {};
  Raw.LexFromRawLexer(Tok);
  if (!Tok.is(tok::l_paren))
    return {};
  Raw.LexFromRawLexer(Tok);
  if (!Tok.is(tok::string_literal) || Tok.getLength() < 2)
    return {};
  StringRef Text(SM.getCharacterData(Tok.getLocation()), Tok.getLength());
  // A plain "..." literal whose text is the directive of \p D.
  if (!Text.starts_with("\"") || !Text.ends_with("\"") || Text.contains('\\') ||
      !Text.drop_front().trim().starts_with("omp"))
    return {};
  return Tok.getLocation().getLocWithOffset(Tok.getLength() - 1);
}

/// A use of \p V after the construct, in its function.
bool usedAfter(const ValueDecl *V, const OMPExecutableDirective *D,
               const FunctionDecl *FD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // In a loop around the construct, a use before it in the text comes
  // after it in the next iteration.
  DynTypedNode Node = DynTypedNode::create(*static_cast<const Stmt *>(D));
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      break;
    Node = Parents[0];
    const Stmt *Loop = Node.get<Stmt>();
    if (!Loop || !(isa<ForStmt>(Loop) || isa<WhileStmt>(Loop) ||
                   isa<DoStmt>(Loop) || isa<CXXForRangeStmt>(Loop)))
      continue;
    bool Elsewhere = false;
    std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
      if (!S || S == D || Elsewhere)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
          DRE && DRE->getDecl() == V)
        Elsewhere = true;
      forEachChild(S, Find);
    };
    Find(Loop);
    if (Elsewhere)
      return true;
  }
  if (!FD || !FD->getBody())
    return true; // cannot tell: assume it is
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *V;
    SourceLocation After;
    const SourceManager &SM;
    bool Found = false;
    Finder(const ValueDecl *V, SourceLocation After, const SourceManager &SM)
        : V(V), After(After), SM(SM) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V &&
          SM.isBeforeInTranslationUnit(After, E->getBeginLoc()))
        Found = true;
      return !Found;
    }
  } F(V, D->getEndLoc(), SM);
  // The construct's own statement ends after its directive line: look
  // beyond the whole construct.
  if (const Stmt *S = D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr)
    F.After = S->getEndLoc();
  F.TraverseStmt(FD->getBody());
  // A static or global variable can be read anywhere else.
  if (const auto *Var = dyn_cast<VarDecl>(V); Var && Var->hasGlobalStorage())
    return true;
  return F.Found;
}

/// Whether every iteration of the worksharing loop \p D that runs to its
/// end assigns \p V in a statement of the loop body itself, before anything
/// that could leave the iteration: then the sequentially last iteration
/// writes the value a sequential run leaves, and `lastprivate` is exact.
bool lastIterationWrites(const OMPExecutableDirective *D, const ValueDecl *V) {
  const auto *L = dyn_cast<OMPLoopDirective>(D);
  OpenMPDirectiveKind K = D->getDirectiveKind();
  if (!L || !(K == llvm::omp::OMPD_for || K == llvm::omp::OMPD_for_simd ||
              K == llvm::omp::OMPD_parallel_for ||
              K == llvm::omp::OMPD_parallel_for_simd))
    return false;
  if (!V->getType()->isScalarType())
    return false;
  std::function<bool(const Stmt *)> Leaves = [&](const Stmt *S) {
    if (!S)
      return false;
    if (isa<ContinueStmt>(S) || isa<BreakStmt>(S) || isa<ReturnStmt>(S) ||
        isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S))
      return true;
    for (const Stmt *C : S->children())
      if (Leaves(C))
        return true;
    return false;
  };
  // Whether \p S, run to its end, assigns V before anything that could
  // leave the iteration: an assignment, a block with such a statement
  // before any that could leave, or an if whose branches both do.
  std::function<bool(const Stmt *)> Assigns = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V)
        return !Leaves(BO->getRHS());
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body()) {
        if (Assigns(C))
          return true;
        if (Leaves(C))
          return false;
      }
      return false;
    }
    if (const auto *If = dyn_cast<IfStmt>(S))
      return !If->getInit() && !If->getConditionVariable() &&
             !Leaves(If->getCond()) && Assigns(If->getThen()) &&
             Assigns(If->getElse());
    return false;
  };
  return Assigns(L->getBody());
}

/// A nonmonotonic dynamic schedule (the default of `schedule(dynamic)`):
/// LLVM 22's libomp can leave a lastprivate variable unassigned under it
/// (its work stealing loses which thread ran the last iteration).
bool nonmonotonicDynamic(const OMPExecutableDirective *D) {
  const auto *C = D->getSingleClause<OMPScheduleClause>();
  if (!C || C->getScheduleKind() != OMPC_SCHEDULE_dynamic)
    return false;
  return C->getFirstScheduleModifier() != OMPC_SCHEDULE_MODIFIER_monotonic &&
         C->getSecondScheduleModifier() != OMPC_SCHEDULE_MODIFIER_monotonic;
}

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
std::string spelledSection(const std::string &Name,
                           std::optional<uint64_t> Length, const ValueDecl *V,
                           ASTContext &Ctx) {
  if (!Length)
    return Name;
  std::string Item = Name + "[:" + std::to_string(*Length) + "]";
  const auto *Var = dyn_cast<VarDecl>(V);
  if (!Var || !Var->getTypeSourceInfo())
    return Item;
  auto AT = Var->getTypeSourceInfo()
                ->getTypeLoc()
                .getAsAdjusted<ConstantArrayTypeLoc>();
  const Expr *Size = AT ? AT.getSizeExpr() : nullptr;
  if (!Size)
    return Item;
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(Size->getSourceRange());
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  // A name (a macro or a constant) or a number reads well; anything else
  // keeps the computed extent.
  if (Text.empty() ||
      !llvm::all_of(Text, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
    return Item;
  return Name + "[:" + Text.str() + "]";
}

} // namespace

std::vector<FixItHint> addClause(const Remedy &Fix, BufferHandle Buffer,
                                 const OMPExecutableDirective *D,
                                 const FunctionDecl *Function, ASTContext &Ctx,
                                 std::string &WhyNot, WritableFn Writable) {
  std::vector<FixItHint> Hints;
  // `_Pragma("omp parallel for")` written in the file takes the clause
  // inside its string; one from a macro stays as it is.
  SourceLocation InString = pragmaOperatorInsertionPoint(D, Ctx);
  if (InString.isInvalid() && D->getBeginLoc().isMacroID()) {
    WhyNot = "the directive comes from a macro";
    return Hints;
  }
  if (InString.isInvalid() && !Writable(D->getBeginLoc()))
    return Hints;
  const auto *Reduce = std::get_if<remedy::Reduce>(&Fix);
  const auto *Privatize = std::get_if<remedy::Privatize>(&Fix);
  bool Reduction = Reduce;
  ReductionOp Op = Reduce ? Reduce->Op : ReductionOp::None;
  std::optional<uint64_t> SectionLength =
      Reduce ? Reduce->SectionLength : std::nullopt;
  PrivateCopy Copy = Privatize ? Privatize->Copy : PrivateCopy::Private;
  if (Reduction && !openMPReductionIdentifier(Op)) {
    WhyNot = "no OpenMP reduction combines with this operator";
    return Hints;
  }
  const ValueDecl *V = variableNamedInConstruct(D, Buffer);
  if (!V) {
    WhyNot = "the variable is not named in the construct";
    return Hints;
  }
  std::string Variable = V->getNameAsString();
  // The counter of a plain loop that every thread of a parallel region
  // runs over shared elements: private copies would make each thread run
  // the whole loop. What the code lacks is the worksharing directive.
  if (!Reduction && !isOpenMPLoopDirective(D->getDirectiveKind()))
    if (unsharedLoopCountedBy(associatedBody(D), V, D,
                              Ctx.getSourceManager())) {
      WhyNot = "'" + V->getNameAsString() +
               "' counts a loop that every thread runs whole; private "
               "copies would not share its iterations: put '#pragma omp "
               "for' on the loop instead";
      return Hints;
    }
  // OpenMP predetermines static data members as shared: no clause of a
  // construct can name one (`reduction(+: x)` would not even find `A::x`).
  if (const auto *Var = dyn_cast<VarDecl>(V);
      Var && Var->isStaticDataMember()) {
    WhyNot = "'" + V->getQualifiedNameAsString() +
             "' is a static data member, which OpenMP keeps shared: " +
             (Reduction ? "accumulate into a local variable with a "
                          "reduction and add it to the member after the "
                          "construct"
                        : "use a local variable declared inside the "
                          "construct instead");
    return Hints;
  }
  // No reduction identifier is predefined for vector-extension types
  // (`float __attribute__((vector_size(16)))`): the clause would not compile.
  if (Reduction && V->getType()->getBaseElementTypeUnsafe()->isVectorType()) {
    WhyNot = "OpenMP predefines no reduction for the vector type of '" +
             Variable +
             "': declare one with '#pragma omp declare reduction', or "
             "reduce each lane in a scalar";
    return Hints;
  }
  // A variable the directive already names as shared cannot be private
  // or a reduction too: the user must take it out of that clause.
  for (const OMPClause *C : D->clauses())
    if (const auto *SC = dyn_cast_or_null<OMPSharedClause>(C))
      for (const Expr *E : SC->varlist())
        if (clauseVariable(E) == V) {
          WhyNot = "'" + V->getNameAsString() +
                   "' is named in the directive's shared clause: take it "
                   "out of that clause first";
          return Hints;
        }
  // A class-type copy must be made: default-constructed for private,
  // copied for firstprivate.
  if (const CXXRecordDecl *RD =
          V->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
      RD && !Reduction &&
      !constructible(RD, Copy == PrivateCopy::FirstPrivate)) {
    WhyNot =
        "'" + Variable + "' cannot be " +
        (Copy == PrivateCopy::FirstPrivate ? "copied" : "default-constructed") +
        ", which a private copy needs";
    return Hints;
  }
  // A private copy loses what the construct leaves in the variable;
  // lastprivate keeps it when the last iteration surely writes it.
  if (!Reduction && usedAfter(V, D, Function, Ctx)) {
    if (Copy == PrivateCopy::Private && lastIterationWrites(D, V) &&
        nonmonotonicDynamic(D)) {
      WhyNot = "'lastprivate(" + Variable +
               ")' would be exact, but LLVM's libomp can lose "
               "lastprivate values under a nonmonotonic "
               "'schedule(dynamic)': write 'schedule(monotonic: dynamic)' "
               "and apply the fix again";
      return Hints;
    }
    if (Copy != PrivateCopy::Private || !lastIterationWrites(D, V)) {
      WhyNot = "'" + Variable +
               "' is used after the construct, and a private copy would "
               "not leave its value there" +
               (Copy == PrivateCopy::Private && isa<OMPLoopDirective>(D)
                    ? " (lastprivate would, but the last iteration may "
                      "not write it)"
                    : "");
      return Hints;
    }
    Copy = PrivateCopy::LastPrivate;
  }
  // Before OpenMP 5.0 a variable in a 'target' directive's map clause
  // cannot also be private there.
  if (!Reduction && Ctx.getLangOpts().OpenMP < 50 &&
      isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
    for (const OMPClause *C : D->clauses())
      if (const auto *MC = dyn_cast_or_null<OMPMapClause>(C))
        for (const Expr *E : MC->varlist())
          if (clauseVariable(E) == V) {
            WhyNot = "'" + Variable +
                     "' is in the directive's map clause, and before "
                     "OpenMP 5.0 a mapped variable cannot also be " +
                     std::string(clauseName(Copy)) +
                     ": declare it inside the loop body, or compile with "
                     "-fopenmp-version=50 or later";
            return Hints;
          }
  // Extend a clause of the same kind, or add one: a reduction with the same
  // operator (and no modifier) takes the new item too.
  if (Reduction)
    for (const OMPClause *C : D->clauses()) {
      const auto *RC = dyn_cast<OMPReductionClause>(C);
      if (!RC || RC->isImplicit() ||
          RC->getModifier() != OMPC_REDUCTION_unknown ||
          !Writable(RC->getEndLoc()))
        continue;
      DeclarationName Id = RC->getNameInfo().getName();
      std::string Existing =
          Id.getNameKind() == DeclarationName::CXXOperatorName
              ? getOperatorSpelling(Id.getCXXOverloadedOperator())
              : Id.getAsString();
      if (Existing != openMPReductionIdentifier(Op))
        continue;
      Hints.push_back(FixItHint::CreateInsertion(
          RC->getEndLoc(),
          ", " + spelledSection(Variable, SectionLength, V, Ctx)));
      return Hints;
    }
  if (!Reduction)
    for (const OMPClause *C : D->clauses()) {
      bool Same =
          (Copy == PrivateCopy::Private && isa<OMPPrivateClause>(C)) ||
          (Copy == PrivateCopy::FirstPrivate &&
           isa<OMPFirstprivateClause>(C)) ||
          (Copy == PrivateCopy::LastPrivate && isa<OMPLastprivateClause>(C));
      if (Same && !C->isImplicit() && Writable(C->getEndLoc())) {
        Hints.push_back(
            FixItHint::CreateInsertion(C->getEndLoc(), ", " + Variable));
        return Hints;
      }
    }
  SourceLocation At =
      InString.isValid() ? InString : clauseInsertionPoint(D, Ctx);
  if (At.isInvalid()) {
    WhyNot = "the directive comes from a macro";
    return Hints;
  }
  if (!Writable(At))
    return Hints;
  std::string Text =
      Reduction
          ? " reduction(" + std::string(openMPReductionIdentifier(Op)) + ": " +
                spelledSection(Variable, SectionLength, V, Ctx) + ")"
          : " " + std::string(clauseName(Copy)) + "(" + Variable + ")";
  Hints.push_back(FixItHint::CreateInsertion(At, Text));
  return Hints;
}

} // namespace clangfe
} // namespace privateer
