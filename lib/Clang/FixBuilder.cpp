//===- FixBuilder.cpp - Fix plans to Clang fix-it hints -------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/FixBuilder.h"

#include "RegionBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// Where a new clause goes: after the last clause, or after the directive's
/// name. Found by lexing the pragma's tokens, so that a trailing comment or
/// a `\` continuation cannot swallow the edit.
SourceLocation clauseInsertionPoint(const OMPExecutableDirective *D,
                                    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Last;
  for (const OMPClause *C : D->clauses())
    if (C && !C->isImplicit() && C->getEndLoc().isValid() &&
        (Last.isInvalid() ||
         SM.isBeforeInTranslationUnit(Last, C->getEndLoc())))
      Last = C->getEndLoc();
  if (Last.isValid())
    return Lexer::getLocForEndOfToken(Last, 0, SM, LO);

  // `#`, `pragma`, `omp`, then the directive's words.
  SourceLocation Begin = D->getBeginLoc();
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Begin);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(At.first, &Invalid);
  if (Invalid)
    return {};
  Lexer Raw(SM.getLocForStartOfFile(At.first), LO, Buffer.begin(),
            Buffer.begin() + At.second, Buffer.end());
  SmallVector<StringRef, 6> Words;
  llvm::SplitString(
      llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind(), LO.OpenMP),
      Words, " ");
  Token Tok;
  auto Next = [&](StringRef Expected) {
    if (Raw.LexFromRawLexer(Tok) && Tok.is(tok::eof))
      return false;
    if (Expected.empty())
      return Tok.is(tok::hash);
    return Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Expected;
  };
  if (!Next("") || !Next("pragma") || !Next("omp"))
    return {};
  for (StringRef W : Words)
    if (!Next(W))
      return {};
  return Tok.getEndLoc();
}

/// A type as a declaration at the fix's place can spell it: a class's
/// member typedef (`vector<int>::value_type`) is not in scope there, so it
/// is spelled as what it names.
std::string spellType(QualType T, ASTContext &Ctx) {
  if (const auto *TT = T->getAs<TypedefType>())
    if (TT->getDecl()->getDeclContext()->isRecord())
      T = T.getCanonicalType();
  return T.getAsString(Ctx.getPrintingPolicy());
}

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

/// The expression statement of an update (`x += e;`, `x++;`) whose target
/// starts at \p At, if it is a statement of its own.
const Stmt *updateStatement(const OMPExecutableDirective *D, SourceLocation At,
                            const SourceManager &SM) {
  const Stmt *Found = nullptr;
  auto IsUpdate = [&](const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (!E)
      return false;
    E = E->IgnoreImplicit();
    const Expr *Target = nullptr;
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(E))
      Target = CA->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E);
             BO && BO->getOpcode() == BO_Assign)
      Target = BO->getLHS();
    return Target && Target->getBeginLoc() == At;
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    // Statements that hold statements: compound bodies, loop and branch
    // bodies.
    auto Try = [&](const Stmt *Child) {
      if (!Found && IsUpdate(Child))
        Found = Child;
    };
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Child : CS->body())
        Try(Child);
    else if (const auto *F = dyn_cast<ForStmt>(S))
      Try(F->getBody());
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      Try(W->getBody());
    else if (const auto *If = dyn_cast<IfStmt>(S)) {
      Try(If->getThen());
      Try(If->getElse());
    } else if (const auto *OD = dyn_cast<OMPExecutableDirective>(S)) {
      if (const Stmt *Body =
              OD->hasAssociatedStmt() ? OD->getAssociatedStmt() : nullptr) {
        while (const auto *C = dyn_cast<CapturedStmt>(Body))
          Body = C->getCapturedStmt();
        Try(Body);
      }
    }
    forEachChild(S, Walk);
  };
  Walk(D);
  (void)SM;
  return Found;
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

/// A reduction's array section with its length as the declaration spells
/// it: `hist[:NB]` rather than `hist[:16]` when `hist` is `int hist[NB]`.
std::string spelledSection(const std::string &Item, const ValueDecl *V,
                           ASTContext &Ctx) {
  size_t Open = Item.find("[:");
  const auto *Var = dyn_cast<VarDecl>(V);
  if (Open == std::string::npos || !Var || !Var->getTypeSourceInfo())
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
  return Item.substr(0, Open) + "[:" + Text.str() + "]";
}

const ValueDecl *findVariable(const OMPExecutableDirective *D, StringRef Name) {
  // The variable the construct refers to by that name.
  const ValueDecl *Found = nullptr;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (DRE->getDecl()->getName() == Name && isa<VarDecl>(DRE->getDecl()))
        Found = DRE->getDecl();
    forEachChild(S, Walk);
  };
  Walk(D);
  return Found;
}

/// The whole lines of a statement when nothing else shares them, else the
/// statement itself.
CharSourceRange statementLines(SourceLocation Begin, SourceLocation End,
                               const SourceManager &SM) {
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(Begin);
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(End);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(B.first, &Invalid);
  if (Invalid || B.first != E.first)
    return CharSourceRange::getCharRange(Begin, End);
  size_t LineStart = lineStart(Buffer, B.second);
  size_t LineEnd = Buffer.find('\n', E.second);
  if (Buffer.slice(LineStart, B.second).find_first_not_of(" \t") !=
          StringRef::npos ||
      LineEnd == StringRef::npos ||
      Buffer.slice(E.second, LineEnd).find_first_not_of(" \t") !=
          StringRef::npos)
    return CharSourceRange::getCharRange(Begin, End);
  SourceLocation FileStart = SM.getLocForStartOfFile(B.first);
  return CharSourceRange::getCharRange(FileStart.getLocWithOffset(LineStart),
                                       FileStart.getLocWithOffset(LineEnd + 1));
}

std::string indentOf(SourceLocation L, const SourceManager &SM) {
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(L);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(At.first, &Invalid);
  if (Invalid)
    return "";
  size_t LineStart = lineStart(Buffer, At.second);
  StringRef Prefix = Buffer.slice(LineStart, At.second);
  return Prefix.substr(0, Prefix.find_first_not_of(" \t")).str();
}

/// The declaration of the heap scratch \p V and its releases (`free(v);`,
/// `delete[] v;`), when those are statements of blocks and every other use
/// of \p V is in \p Loop: then the declaration can move into the region.
std::optional<std::pair<const DeclStmt *, std::vector<const Stmt *>>>
scratchStatements(const FunctionDecl *FD, const VarDecl *V, const Stmt *Loop,
                  const SourceManager &SM) {
  const DeclStmt *Decl = nullptr;
  std::vector<const Stmt *> Releases;
  unsigned Uses = 0, Placed = 0;
  auto Released = [&](const Stmt *S) { return releasedVariable(S) == V; };
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S,
                                                     bool InLoop) {
    // (InLoop: the use moves with the code around it.)
    if (!S)
      return;
    // Uses in the loop and in the declaration itself (`sizeof *w`) stay
    // where they are.
    InLoop |= S == Loop || S == Decl;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      ++Uses, Placed += InLoop;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *C : CS->body()) {
        if (const auto *DS = dyn_cast<DeclStmt>(C);
            DS && DS->isSingleDecl() && DS->getSingleDecl() == V)
          Decl = DS;
        if (!InLoop && Released(C) &&
            SM.isBeforeInTranslationUnit(Loop->getEndLoc(), C->getBeginLoc())) {
          Releases.push_back(C);
          ++Placed; // its one use of V is counted below
        }
      }
    forEachChild(S, [&](const Stmt *C) { Walk(C, InLoop); });
  };
  Walk(FD->getBody(), false);
  if (!Decl || Uses != Placed)
    return std::nullopt;
  return std::make_pair(Decl, Releases);
}

/// Indents every line of \p S two more spaces, for a statement that moves
/// into a new block; lines that \p Hints remove are left alone, and nothing
/// is done when a string literal spans lines (its text would change).
void indentMore(const Stmt *S, const SourceManager &SM,
                std::vector<FixItHint> &Hints) {
  bool MultiLineString = false;
  std::function<void(const Stmt *)> Find = [&](const Stmt *X) {
    if (!X || MultiLineString)
      return;
    if (isa<StringLiteral>(X) && SM.getExpansionLineNumber(X->getBeginLoc()) !=
                                     SM.getExpansionLineNumber(X->getEndLoc()))
      MultiLineString = true;
    for (const Stmt *C : X->children())
      Find(C);
  };
  Find(S);
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(S->getBeginLoc());
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(S->getEndLoc());
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(B.first, &Invalid);
  if (MultiLineString || Invalid || B.first != E.first ||
      S->getBeginLoc().isMacroID())
    return;
  std::vector<std::pair<unsigned, unsigned>> Removed;
  for (const FixItHint &H : Hints)
    if (H.CodeToInsert.empty() && H.RemoveRange.isCharRange() &&
        SM.getFileID(H.RemoveRange.getBegin()) == B.first)
      Removed.push_back({SM.getFileOffset(H.RemoveRange.getBegin()),
                         SM.getFileOffset(H.RemoveRange.getEnd())});
  size_t LineStart = lineStart(Buffer, B.second);
  SourceLocation FileStart = SM.getLocForStartOfFile(B.first);
  while (LineStart <= E.second) {
    size_t LineEnd = Buffer.find('\n', LineStart);
    if (LineEnd == StringRef::npos)
      LineEnd = Buffer.size();
    bool Blank = Buffer.slice(LineStart, LineEnd).find_first_not_of(" \t\r") ==
                 StringRef::npos;
    bool Gone = llvm::any_of(Removed, [&](auto R) {
      return LineStart >= R.first && LineStart < R.second;
    });
    if (!Blank && !Gone)
      Hints.push_back(FixItHint::CreateInsertion(
          FileStart.getLocWithOffset(LineStart), "  "));
    LineStart = LineEnd + 1;
  }
}

/// Whether code outside \p FD's own statements can reach \p V: it is not a
/// local of \p FD, or \p FD uses it other than by value, by assignment or
/// (an array) by element, so a pointer or reference to it may escape.
bool mayEscape(const ValueDecl *V, const FunctionDecl *FD) {
  const auto *Var = dyn_cast_or_null<VarDecl>(V);
  // A pointer's value is itself a way in (`g = p;`): only arrays and plain
  // values are followed.
  if (!Var || !FD || !FD->getBody() || !Var->isLocalVarDecl() ||
      Var->isStaticLocal() || Var->getType()->isReferenceType() ||
      Var->getType()->isPointerType())
    return true;
  llvm::SmallPtrSet<const void *, 16> Safe;
  std::vector<SourceLocation> Refs;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    auto MarkSafe = [&](const Expr *E) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
          DRE && DRE->getDecl() == V)
        Safe.insert(DRE->getLocation().getPtrEncoding());
    };
    // A value read, assigned or stepped; an array's element too, but not
    // an element whose address is taken (`&a[t]`).
    auto Used = [&](const Expr *E) {
      E = E->IgnoreParens();
      MarkSafe(E);
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        MarkSafe(AS->getBase()->IgnoreParenImpCasts());
    };
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
        IC && IC->getCastKind() == CK_LValueToRValue)
      Used(IC->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      Used(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      Used(UO->getSubExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      Refs.push_back(DRE->getLocation());
    forEachChild(S, Walk);
  };
  Walk(FD->getBody());
  // (An OpenMP capture repeats a reference at its location.)
  return llvm::any_of(
      Refs, [&](SourceLocation L) { return !Safe.count(L.getPtrEncoding()); });
}

std::vector<FixItHint>
localAccumulator(const OMPExecutableDirective *D, const FunctionDecl *FD,
                 SourceLocation Slot, const std::string &Buffer,
                 ASTContext &Ctx, std::string &WhyNot,
                 llvm::function_ref<bool(SourceLocation)> Writable) {
  // for (...) hits[t]++;   becomes
  //   long privateer_hits_L = hits[t];
  //   for (...) privateer_hits_L++;
  //   hits[t] = privateer_hits_L;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // The outermost loop of the region around the slot, a statement of a
  // block.
  const Stmt *Loop = nullptr;
  const Expr *SlotExpr = nullptr;
  std::vector<const Stmt *> Stack;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || SlotExpr)
      return;
    if (const auto *E = dyn_cast<Expr>(S);
        E && E->getBeginLoc() == Slot &&
        (isa<ArraySubscriptExpr>(E) || isa<CXXOperatorCallExpr>(E))) {
      SlotExpr = E;
      for (size_t K = 0; K + 1 < Stack.size(); ++K)
        if ((isa<ForStmt>(Stack[K + 1]) || isa<WhileStmt>(Stack[K + 1]) ||
             isa<DoStmt>(Stack[K + 1])) &&
            isa<CompoundStmt>(Stack[K])) {
          Loop = Stack[K + 1];
          break;
        }
      return;
    }
    Stack.push_back(S);
    forEachChild(S, Walk);
    Stack.pop_back();
  };
  if (const Stmt *Body = associatedBody(D))
    Walk(Body);
  if (!SlotExpr || !Loop) {
    WhyNot = "the slot is not updated in a loop that is a statement of a "
             "block";
    return {};
  }
  std::string SlotText =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(SlotExpr->getSourceRange()), SM, LO)
          .str();
  // Inside the loop the buffer may appear only as this very slot, and what
  // the slot's index reads may not change there.
  std::vector<const Expr *> Uses;
  bool Exact = true;
  llvm::SmallPtrSet<const ValueDecl *, 4> IndexVars;
  std::function<void(const Stmt *)> Vars = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
      if (DRE->getDecl()->getName() != Buffer)
        IndexVars.insert(DRE->getDecl());
    if (S)
      for (const Stmt *C : S->children())
        Vars(C);
  };
  Vars(SlotExpr);
  // A call cannot touch a local buffer, nor the locals its index reads,
  // when no pointer or reference to them escapes.
  const ValueDecl *BufferDecl = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(SlotExpr))
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
      BufferDecl = DRE->getDecl();
  bool Unreachable = BufferDecl && !mayEscape(BufferDecl, FD) &&
                     llvm::all_of(IndexVars, [&](const ValueDecl *X) {
                       return isa<FunctionDecl>(X) || !mayEscape(X, FD);
                     });
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || !Exact)
      return;
    if (const auto *E = dyn_cast<Expr>(S);
        E && (isa<ArraySubscriptExpr>(E) || isa<CXXOperatorCallExpr>(E)) &&
        Lexer::getSourceText(
            CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO) ==
            SlotText) {
      Uses.push_back(E);
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl()->getName() == Buffer)
      Exact = false; // another use of the buffer
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && IndexVars.count(DRE->getDecl()))
        Exact = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
          DRE && IndexVars.count(DRE->getDecl()))
        Exact = false;
    if (isa<CallExpr>(S) && !isa<CXXOperatorCallExpr>(S)) {
      const auto *Call = cast<CallExpr>(S);
      const FunctionDecl *Callee = Call->getDirectCallee();
      if ((!Callee || Callee->hasBody()) && !Unreachable)
        Exact = false; // a call that could use the buffer
    }
    for (const Stmt *C : S->children())
      Scan(C);
  };
  Scan(Loop);
  if (!Exact || Uses.empty()) {
    WhyNot = "the loop uses the buffer otherwise, changes the slot's index, "
             "or calls code that could reach the buffer";
    return {};
  }
  if (!Writable(Loop->getBeginLoc()) || !Writable(Loop->getEndLoc()))
    return {};
  for (const Expr *U : Uses)
    if (!Writable(U->getBeginLoc()))
      return {};
  std::string Name = "privateer_" + Buffer + "_" +
                     std::to_string(SM.getExpansionLineNumber(Slot));
  std::string Type = spellType(
      SlotExpr->getType().getNonReferenceType().getUnqualifiedType(), Ctx);
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  // An unbraced body (and a do-while) ends with a semicolon that is not
  // part of the statement's range.
  SourceLocation LoopEnd = Lexer::findLocationAfterToken(
      Loop->getEndLoc(), tok::semi, SM, LO, false);
  if (LoopEnd.isInvalid())
    LoopEnd = Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO);
  if (LoopEnd.isInvalid())
    return {};
  std::vector<FixItHint> Hints;
  Hints.push_back(FixItHint::CreateInsertion(Loop->getBeginLoc(),
                                             Type + " " + Name + " = " +
                                                 SlotText + ";\n" + Indent));
  for (const Expr *U : Uses)
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(U->getSourceRange()), Name));
  Hints.push_back(FixItHint::CreateInsertion(LoopEnd, "\n" + Indent + SlotText +
                                                          " = " + Name + ";"));
  return Hints;
}

std::vector<FixItHint>
atomicCapture(const OMPExecutableDirective *D, SourceLocation Target,
              ASTContext &Ctx, std::string &WhyNot,
              llvm::function_ref<bool(SourceLocation)> Writable) {
  // `next[n++] = v;` becomes
  //   int privateer_slot_L;
  //   #pragma omp atomic capture
  //   privateer_slot_L = n++;
  //   next[privateer_slot_L] = v;
  // in a block, and the same in braces as the body of a branch or loop.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const UnaryOperator *Update = nullptr;
  const Stmt *Statement = nullptr, *Holder = nullptr;
  std::function<void(const Stmt *, const Stmt *, const Stmt *)> Walk =
      [&](const Stmt *S, const Stmt *Top, const Stmt *TopHolder) {
        if (!S || Update)
          return;
        if (const auto *UO = dyn_cast<UnaryOperator>(S);
            UO && UO->isIncrementDecrementOp() &&
            UO->getSubExpr()->getBeginLoc() == Target) {
          Update = UO;
          Statement = Top;
          Holder = TopHolder;
          return;
        }
        // Statement positions: in a block, and the bodies of branches and
        // loops (a braced block is valid there too).
        auto IsStatement = [&](const Stmt *C) {
          if (!isa<Expr>(C))
            return false;
          if (isa<CompoundStmt>(S))
            return true;
          if (const auto *If = dyn_cast<IfStmt>(S))
            return C == If->getThen() || C == If->getElse();
          if (const auto *F = dyn_cast<ForStmt>(S))
            return C == F->getBody();
          if (const auto *W = dyn_cast<WhileStmt>(S))
            return C == W->getBody();
          return false;
        };
        forEachChild(S, [&](const Stmt *C) {
          bool Position = IsStatement(C);
          Walk(C, Position ? C : Top, Position ? S : TopHolder);
        });
      };
  Walk(D, nullptr, nullptr);
  if (!Update || !Statement || Statement == Update) {
    WhyNot = "the update is not inside a statement of its own";
    return {};
  }
  // The one update of its statement, and made whenever the statement runs
  // (not under `?:`, `&&` or `||`, which the capture would take out).
  unsigned Updates = 0;
  bool UnderCondition = false;
  std::function<void(const Stmt *, bool)> Count = [&](const Stmt *S,
                                                      bool Cond) {
    if (!S)
      return;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp()) {
      ++Updates;
      UnderCondition |= UO == Update && Cond;
    }
    if (isa<CompoundAssignOperator>(S))
      ++Updates;
    const auto *BO = dyn_cast<BinaryOperator>(S);
    Cond |= isa<AbstractConditionalOperator>(S) || (BO && BO->isLogicalOp());
    for (const Stmt *C : S->children())
      Count(C, Cond);
  };
  Count(Statement, false);
  if (Updates != 1 || UnderCondition) {
    WhyNot = UnderCondition ? "the update is made only under a condition of "
                              "its expression"
                            : "the statement makes more than one update";
    return {};
  }
  SourceLocation Begin = Statement->getBeginLoc();
  SourceLocation End = Lexer::findLocationAfterToken(Statement->getEndLoc(),
                                                     tok::semi, SM, LO, false);
  if (!Writable(Begin) || !Writable(Update->getBeginLoc()) || End.isInvalid())
    return {};
  QualType T = Update->getType().getUnqualifiedType();
  if (!T->isIntegerType()) {
    WhyNot = "the counter is not an integer";
    return {};
  }
  // Named by its line, and column when it does not start the line (two
  // statements of one line then get two names).
  std::string Name =
      "privateer_slot_" + std::to_string(SM.getExpansionLineNumber(Begin));
  std::string Indent = indentOf(Begin, SM);
  if (SM.getExpansionColumnNumber(Begin) != Indent.size() + 1)
    Name += "_" + std::to_string(SM.getExpansionColumnNumber(Begin));
  std::string UpdateText =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(Update->getSourceRange()), SM, LO)
          .str();
  std::string Capture = spellType(T, Ctx) + " " + Name +
                        ";\n#pragma omp atomic capture\n" + Indent + Name +
                        " = " + UpdateText + ";\n" + Indent;
  std::vector<FixItHint> Hints;
  if (isa<CompoundStmt>(Holder)) {
    Hints.push_back(FixItHint::CreateInsertion(Begin, Capture));
  } else {
    // The body of a branch or loop on a line of its own gets braces on the
    // line of its header: `if (c) {` ... `}` under the `if`.
    SourceLocation HeaderEnd;
    if (const auto *If = dyn_cast<IfStmt>(Holder))
      HeaderEnd =
          Statement == If->getElse() ? If->getElseLoc() : If->getRParenLoc();
    else if (const auto *F = dyn_cast<ForStmt>(Holder))
      HeaderEnd = F->getRParenLoc();
    else if (const auto *W = dyn_cast<WhileStmt>(Holder))
      HeaderEnd = W->getRParenLoc();
    SourceLocation AfterHeader =
        HeaderEnd.isValid() ? Lexer::getLocForEndOfToken(HeaderEnd, 0, SM, LO)
                            : SourceLocation();
    bool OwnLine = AfterHeader.isValid() && Writable(AfterHeader) &&
                   SM.getExpansionLineNumber(AfterHeader) <
                       SM.getExpansionLineNumber(Begin) &&
                   indentOf(Begin, SM).size() >=
                       indentOf(Holder->getBeginLoc(), SM).size();
    if (OwnLine) {
      std::string Outer = indentOf(Holder->getBeginLoc(), SM);
      if (const auto *If = dyn_cast<IfStmt>(Holder);
          If && Statement == If->getElse())
        Outer = indentOf(If->getElseLoc(), SM);
      Hints.push_back(FixItHint::CreateInsertion(AfterHeader, " {"));
      Hints.push_back(FixItHint::CreateInsertion(Begin, Capture));
      Hints.push_back(FixItHint::CreateInsertion(End, "\n" + Outer + "}"));
    } else {
      std::string Inner = Indent + "  ";
      Hints.push_back(FixItHint::CreateInsertion(
          Begin, "{\n" + Inner + spellType(T, Ctx) + " " + Name +
                     ";\n#pragma omp atomic capture\n" + Inner + Name + " = " +
                     UpdateText + ";\n" + Inner));
      Hints.push_back(FixItHint::CreateInsertion(End, "\n" + Indent + "}"));
    }
  }
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Update->getSourceRange()), Name));
  return Hints;
}

/// The loop of a combined `parallel for` over one loop, the only construct
/// the splits rewrite; null (with \p WhyNot) otherwise.
const ForStmt *splittableLoop(const OMPExecutableDirective *D,
                              std::string &WhyNot) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  if ((K != llvm::omp::OMPD_parallel_for &&
       K != llvm::omp::OMPD_parallel_for_simd) ||
      cast<OMPLoopDirective>(D)->getLoopsNumber() != 1) {
    WhyNot = "only a combined 'parallel for' over one loop is split";
    return nullptr;
  }
  return dyn_cast_or_null<ForStmt>(
      cast<OMPLoopDirective>(D)->getInnermostCapturedStmt()->getCapturedStmt());
}

bool splitClauses(const OMPExecutableDirective *D, ASTContext &Ctx,
                  std::string &ParallelClauses, std::string &ForClauses,
                  std::string &WhyNot);

/// The edit that turns the directive into `#pragma omp parallel` (team
/// clauses), an opening brace, \p Prologue (one statement per thread), and
/// `#pragma omp for` (loop clauses); the text after the clauses, such as a
/// trailing comment, stays. Nothing when the clauses cannot be split.
std::optional<FixItHint> splitHeader(const OMPExecutableDirective *D,
                                     const std::string &Indent,
                                     const std::string &Prologue,
                                     ASTContext &Ctx, std::string &WhyNot) {
  std::string ParallelClauses, ForClauses;
  if (!splitClauses(D, Ctx, ParallelClauses, ForClauses, WhyNot))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation PragmaEnd = clauseInsertionPoint(D, Ctx);
  if (PragmaEnd.isInvalid() || PragmaEnd.isMacroID() ||
      D->getBeginLoc().isMacroID() ||
      *SM.getCharacterData(D->getBeginLoc()) != '#') {
    WhyNot = "only a '#pragma omp' directive written in the code is split";
    return std::nullopt;
  }
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(D->getBeginLoc(), PragmaEnd),
      "#pragma omp parallel" + ParallelClauses + "\n" + Indent + "{\n" +
          Indent + "  " + Prologue + "\n#pragma omp for" + ForClauses);
}

/// Distributes a `parallel for`'s clauses: the team's to `parallel`, the
/// loop's to `for`. False for a clause with no obvious place.
bool splitClauses(const OMPExecutableDirective *D, ASTContext &Ctx,
                  std::string &ParallelClauses, std::string &ForClauses,
                  std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  for (const OMPClause *C : D->clauses()) {
    if (!C || C->isImplicit())
      continue;
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(C->getBeginLoc(), C->getEndLoc()), SM,
        LO);
    switch (C->getClauseKind()) {
    case llvm::omp::OMPC_if:
    case llvm::omp::OMPC_num_threads:
    case llvm::omp::OMPC_default:
    case llvm::omp::OMPC_shared:
    case llvm::omp::OMPC_copyin:
    case llvm::omp::OMPC_proc_bind:
    case llvm::omp::OMPC_private:
    case llvm::omp::OMPC_firstprivate:
      ParallelClauses += " " + Text.str();
      break;
    case llvm::omp::OMPC_lastprivate:
    case llvm::omp::OMPC_linear:
    case llvm::omp::OMPC_reduction:
    case llvm::omp::OMPC_schedule:
    case llvm::omp::OMPC_collapse:
    case llvm::omp::OMPC_ordered:
    case llvm::omp::OMPC_order:
      ForClauses += " " + Text.str();
      break;
    default:
      WhyNot = "a clause of the directive has no obvious place after a split";
      return false;
    }
  }
  return true;
}

/// Whether the translation unit declares a function \p Name at file scope
/// (a rewrite may call only what the file can see).
bool declaresFunction(ASTContext &Ctx, StringRef Name) {
  auto Found = Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name));
  return llvm::any_of(Found, [](const NamedDecl *D) {
    return isa<FunctionDecl>(D->getUnderlyingDecl());
  });
}

std::vector<FixItHint>
alignAllocation(const FunctionDecl *FD, SourceLocation At, unsigned Line,
                ASTContext &Ctx, std::string &WhyNot,
                llvm::function_ref<bool(SourceLocation)> Writable) {
  // malloc(S)    -> privateer_aligned_alloc(S) with <privateer/runtime/
  //                 privateer.h>, else aligned_alloc(LINE, S rounded up);
  // calloc(N, S) -> privateer_aligned_calloc(N, S).
  // Only the call changes: a cast around it (C++) stays.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
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
  if (FD && FD->getBody())
    Find.TraverseStmt(FD->getBody());
  if (!Call) // made in a function the construct calls
    Find.TraverseDecl(Ctx.getTranslationUnitDecl());
  StringRef Name = Call ? calleeName(Call) : StringRef();
  if (!Call || !(Name == "malloc" || Name == "calloc") ||
      Call->getNumArgs() != (Name == "malloc" ? 1u : 2u)) {
    WhyNot = "the allocation is not a call of malloc or calloc";
    return {};
  }
  if (!Writable(Call->getBeginLoc()) || !Writable(Call->getEndLoc()))
    return {};
  auto Text = [&](const Expr *E) {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO)
        .str();
  };
  std::string Replacement;
  if (Name == "calloc") {
    if (!declaresFunction(Ctx, "privateer_aligned_calloc")) {
      WhyNot = "calloc zeroes the block: include "
               "<privateer/runtime/privateer.h> and use "
               "privateer_aligned_calloc";
      return {};
    }
    Replacement = "privateer_aligned_calloc(" + Text(Call->getArg(0)) + ", " +
                  Text(Call->getArg(1)) + ")";
  } else if (declaresFunction(Ctx, "privateer_aligned_alloc")) {
    Replacement = "privateer_aligned_alloc(" + Text(Call->getArg(0)) + ")";
  } else if (declaresFunction(Ctx, "aligned_alloc")) {
    // aligned_alloc wants a multiple of the alignment.
    std::string L = std::to_string(Line);
    std::string Size = Text(Call->getArg(0));
    Expr::EvalResult Value;
    if (Call->getArg(0)->EvaluateAsInt(Value, Ctx) &&
        Value.Val.getInt().isStrictlyPositive()) {
      uint64_t Bytes = Value.Val.getInt().getZExtValue();
      std::string Rounded = std::to_string((Bytes + Line - 1) / Line * Line);
      Replacement = "aligned_alloc(" + L + ", " + Rounded +
                    (Size != std::to_string(Bytes)
                         ? " /* " + Size + ", rounded up to whole lines */"
                         : "") +
                    ")";
    } else {
      Replacement = "aligned_alloc(" + L + ", ((" + Size + ") + " + L +
                    " - 1) / " + L + " * " + L + ")";
    }
  } else {
    WhyNot = "neither privateer_aligned_alloc nor aligned_alloc is declared "
             "here";
    return {};
  }
  return {FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Call->getSourceRange()), Replacement)};
}

/// A declaration of the C++ runtime (namespace privateer) by name; null
/// when the file does not include privateer.hpp.
const NamedDecl *inRuntime(ASTContext &Ctx, StringRef Name) {
  for (const NamedDecl *NS :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("privateer")))
    if (const auto *N = dyn_cast<NamespaceDecl>(NS))
      for (const NamedDecl *D : N->lookup(&Ctx.Idents.get(Name)))
        return D;
  return nullptr;
}

/// Whether privateer.hpp's class template \p Name is declared.
bool runtimeDeclares(ASTContext &Ctx, StringRef Name) {
  return isa_and_nonnull<ClassTemplateDecl>(inRuntime(Ctx, Name));
}

/// The line size of the C++ runtime the file includes
/// (`privateer::cache_line` of privateer.hpp, where `privateer::padded` is
/// declared too); 0 without it.
uint64_t runtimeCacheLine(ASTContext &Ctx) {
  const auto *Line = dyn_cast_or_null<VarDecl>(inRuntime(Ctx, "cache_line"));
  if (!Line || !runtimeDeclares(Ctx, "padded"))
    return 0;
  const APValue *Value = Line->evaluateValue();
  return Value && Value->isInt() ? Value->getInt().getZExtValue() : 0;
}

/// Whether \p FD assigns \p V (or changes it in place) anywhere.
bool assignedAfterInit(const VarDecl *V, const FunctionDecl *FD) {
  bool Assigned = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Assigned)
      return;
    auto Names = [&](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == V;
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && Names(BO->getLHS()))
      Assigned = true;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Names(UO->getSubExpr()))
      Assigned = true;
    forEachChild(S, Walk);
  };
  if (FD)
    Walk(FD->getBody());
  return Assigned;
}

/// Whether \p E is the thread number: `omp_get_thread_num()`, or a local
/// initialized by it and never assigned again.
bool isThreadNumber(const Expr *E, const FunctionDecl *FD) {
  E = E->IgnoreParenCasts();
  if (isThreadIdCall(E))
    return true;
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->getInit() && !mayEscape(V, FD) && !assignedAfterInit(V, FD) &&
         isThreadIdCall(V->getInit());
}

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

std::vector<FixItHint>
leaseFromPool(const OMPExecutableDirective *Task, const FunctionDecl *FD,
              const std::string &Buffer, ASTContext &Ctx, std::string &WhyNot,
              llvm::function_ref<bool(SourceLocation)> Writable) {
  // std::vector<double> scratch(nt * N);
  // #pragma omp parallel ...
  //   #pragma omp task untied
  //   { double *w = &scratch[omp_get_thread_num() * N]; ... }
  // becomes
  // privateer::buffer_pool<double> privateer_scratch_pool(
  //     N, privateer::unbounded);
  // #pragma omp parallel ...
  //   #pragma omp task untied
  //   { auto privateer_w_lease = privateer_scratch_pool.acquire();
  //     double *w = privateer_w_lease.data(); ... }
  // and the buffer, now unused, goes.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  if (!LO.CPlusPlus || !runtimeDeclares(Ctx, "buffer_pool")) {
    WhyNot = "a pool needs C++ and <privateer/runtime/privateer.hpp>: "
             "include it to lease buffers from privateer::buffer_pool";
    return {};
  }
  const auto *Body = dyn_cast_or_null<CompoundStmt>(associatedBody(Task));
  if (!Body || !FD || !FD->getBody()) {
    WhyNot = "the task has no block body";
    return {};
  }
  // The slot, taken as a pointer declared in the task's block:
  // `&b[t * n]`, `b + t * n` (b a pointer, array or vector), `b[t]` or
  // `&b[t][0]` (b a two-dimensional array).
  const DeclStmt *SlotDecl = nullptr;
  const VarDecl *Slot = nullptr, *Buf = nullptr;
  std::string Length;
  auto BufferOf = [&](const Expr *E) -> const VarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return V && V->getName() == Buffer ? V : nullptr;
  };
  // `t * n` or `n * t`: n's text.
  const Expr *LengthExpr = nullptr;
  auto Stride = [&](const Expr *Offset) -> std::optional<std::string> {
    const auto *Mul = dyn_cast<BinaryOperator>(Offset->IgnoreParenCasts());
    if (!Mul || Mul->getOpcode() != BO_Mul)
      return std::nullopt;
    const Expr *N = nullptr;
    if (isThreadNumber(Mul->getLHS(), FD))
      N = Mul->getRHS();
    else if (isThreadNumber(Mul->getRHS(), FD))
      N = Mul->getLHS();
    if (!N)
      return std::nullopt;
    LengthExpr = N;
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(N->getSourceRange()), SM, LO)
        .str();
  };
  auto Row = [&](const Expr *Base,
                 const Expr *Index) -> std::optional<std::string> {
    const VarDecl *V = BufferOf(Base);
    const ConstantArrayType *Outer =
        V ? Ctx.getAsConstantArrayType(V->getType()) : nullptr;
    const ConstantArrayType *Inner =
        Outer ? Ctx.getAsConstantArrayType(Outer->getElementType()) : nullptr;
    if (!Inner || !isThreadNumber(Index, FD))
      return std::nullopt;
    // The extent as the declaration spells it (`W`), when that is a name or
    // a number, else its value.
    std::string Extent = std::to_string(Inner->getSize().getZExtValue());
    if (const TypeSourceInfo *TSI = V->getTypeSourceInfo())
      if (auto OuterLoc = TSI->getTypeLoc().getAs<ConstantArrayTypeLoc>())
        if (auto InnerLoc =
                OuterLoc.getElementLoc().getAs<ConstantArrayTypeLoc>())
          if (const Expr *Size = InnerLoc.getSizeExpr()) {
            StringRef Text = Lexer::getSourceText(
                SM.getExpansionRange(Size->getSourceRange()), SM, LO);
            if (!Text.empty() && llvm::all_of(Text, [](char C) {
                  return llvm::isAlnum(C) || C == '_';
                }))
              Extent = Text.str();
          }
    return Extent;
  };
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *V = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (!V || !V->getInit() || !V->getType()->isPointerType())
      continue;
    const Expr *I = V->getInit()->IgnoreParenImpCasts();
    std::optional<std::string> N;
    const VarDecl *B = nullptr;
    auto Subscript = [&](const Expr *E, const Expr *&Base, const Expr *&Index) {
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        Base = AS->getBase();
        Index = AS->getIdx();
        return true;
      }
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
          Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2) {
        Base = Op->getArg(0);
        Index = Op->getArg(1);
        return true;
      }
      return false;
    };
    const Expr *Base = nullptr, *Index = nullptr;
    if (const auto *Addr = dyn_cast<UnaryOperator>(I);
        Addr && Addr->getOpcode() == UO_AddrOf &&
        Subscript(Addr->getSubExpr()->IgnoreParens(), Base, Index)) {
      const Expr *Base2 = nullptr, *Index2 = nullptr;
      Expr::EvalResult Zero;
      if (Subscript(Base->IgnoreParenImpCasts(), Base2, Index2) &&
          Index->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0) {
        N = Row(Base2, Index2); // &b[t][0]
        B = BufferOf(Base2);
      } else {
        N = Stride(Index); // &b[t * n]
        B = BufferOf(Base);
      }
    } else if (const auto *Add = dyn_cast<BinaryOperator>(I);
               Add && Add->getOpcode() == BO_Add) {
      N = Stride(Add->getRHS()); // b + t * n
      B = BufferOf(Add->getLHS());
    } else if (Subscript(I, Base, Index)) {
      N = Row(Base, Index); // b[t]
      B = BufferOf(Base);
    }
    if (N && B) {
      SlotDecl = DS;
      Slot = V;
      Buf = B;
      Length = *N;
      break;
    }
  }
  if (!Slot) {
    WhyNot = "the task does not take its slot as a pointer declared in its "
             "block ('T *w = &" +
             Buffer + "[omp_get_thread_num() * n]')";
    return {};
  }
  // The buffer serves this slot only (it goes), the slot pointer does not
  // reach a nested task (which could outlive the lease), and what the
  // length reads exists, unchanged, before the parallel construct.
  const OMPExecutableDirective *Parallel =
      defaultNotShared(Task) ? nullptr : enclosingParallel(Task, Ctx);
  if (!Parallel) {
    WhyNot = "no parallel construct around the task in this function, or a "
             "'default' clause on the way";
    return {};
  }
  // The pool's declaration goes before the parallel construct, which must
  // be a statement of a block for that.
  DynTypedNodeList Around =
      Ctx.getParents(*static_cast<const Stmt *>(Parallel));
  if (Around.empty() || !Around[0].get<CompoundStmt>()) {
    WhyNot = "the parallel construct is not a statement of a block";
    return {};
  }
  unsigned BufferRefs = 0;
  bool SlotInNestedTask = false, InClause = false;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S,
                                                     bool Nested) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      BufferRefs += DRE->getDecl() == Buf;
      SlotInNestedTask |= Nested && DRE->getDecl() == Slot;
    }
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (D != Task && isOpenMPTaskingDirective(D->getDirectiveKind()))
        Nested = true;
      // A clause naming the buffer (`shared(scratch)`) would outlive it.
      InClause |= namedInClause(D, Buf);
    }
    forEachChild(S, [&](const Stmt *C) { Walk(C, Nested); });
  };
  Walk(FD->getBody(), false);
  if (InClause) {
    WhyNot = "'" + Buffer + "' is named in a clause";
    return {};
  }
  // A local buffer that is only made, sliced here and released goes, with
  // its release: an array, a std container, or a block from malloc,
  // calloc or new[] (anything else may do more than allocate).
  std::optional<std::pair<const DeclStmt *, std::vector<const Stmt *>>> Removed;
  if (Buf->isLocalVarDecl() && !Buf->isStaticLocal() && Buf->getInit()) {
    QualType T = Buf->getType();
    const Expr *Init = Buf->getInit()->IgnoreParenCasts();
    const auto *Call = dyn_cast<CallExpr>(Init);
    const auto *New = dyn_cast<CXXNewExpr>(Init);
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    bool Plain =
        T->isArrayType() || (RD && RD->isInStdNamespace()) ||
        (T->isPointerType() && ((Call && (calleeName(Call) == "malloc" ||
                                          calleeName(Call) == "calloc")) ||
                                (New && New->isArray())));
    if (Plain)
      Removed = scratchStatements(FD, Buf, SlotDecl, SM);
  } else if (Buf->isLocalVarDecl() && !Buf->isStaticLocal() &&
             Buf->getType()->isArrayType()) {
    Removed = scratchStatements(FD, Buf, SlotDecl, SM);
  }
  if ((!Removed && BufferRefs != 1) || SlotInNestedTask) {
    WhyNot = SlotInNestedTask
                 ? "a nested task uses the slot, and could outlive a lease"
                 : "'" + Buffer + "' is used elsewhere too";
    return {};
  }
  bool Stable = true;
  std::function<void(const Stmt *)> Reads = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !V->hasGlobalStorage() &&
          (!SM.isBeforeInTranslationUnit(V->getLocation(),
                                         Parallel->getBeginLoc()) ||
           assignedAfterInit(V, FD)))
        Stable = false;
    if (S)
      for (const Stmt *C : S->children())
        Reads(C);
  };
  Reads(LengthExpr);
  if (!Stable) {
    WhyNot = "the slot's length is not known before the parallel construct";
    return {};
  }
  const Expr *Init = Slot->getInit();
  if (!Writable(SlotDecl->getBeginLoc()) || !Writable(Init->getBeginLoc()) ||
      !Writable(Init->getEndLoc()) || !Writable(Parallel->getBeginLoc()))
    return {};
  std::string Elem =
      Slot->getType()->getPointeeType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
  std::string PoolType = "privateer::buffer_pool<" + Elem + ">";
  std::string Pool = "privateer_" + Buffer + "_pool";
  std::string Lease = "privateer_" + Slot->getNameAsString() + "_lease";
  std::vector<FixItHint> Hints;
  // The pool, before the parallel construct's pragma line, indented like
  // the statement under it.
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Parallel->getBeginLoc());
  bool Invalid = false;
  StringRef File = SM.getBufferData(At.first, &Invalid);
  if (Invalid)
    return {};
  size_t LineStart = lineStart(File, At.second);
  std::string Indent = indentOf(SlotDecl->getBeginLoc(), SM);
  const Stmt *Under = associatedBody(Parallel);
  while (const auto *D = dyn_cast_or_null<OMPExecutableDirective>(Under))
    Under = associatedBody(D);
  std::string Outer = Under ? indentOf(Under->getBeginLoc(), SM) : "";
  Hints.push_back(FixItHint::CreateInsertion(
      SM.getLocForStartOfFile(At.first).getLocWithOffset(LineStart),
      Outer + PoolType + " " + Pool + "(" + Length +
          ", privateer::unbounded);\n"));
  Hints.push_back(FixItHint::CreateInsertion(SlotDecl->getBeginLoc(),
                                             "auto " + Lease + " = " + Pool +
                                                 ".acquire();\n" + Indent));
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Init->getSourceRange()),
      Lease + ".data()"));
  if (Removed) {
    auto [BufDecl, Releases] = *Removed;
    std::vector<FixItHint> Removals;
    bool Ok = Writable(BufDecl->getBeginLoc());
    Removals.push_back(FixItHint::CreateRemoval(statementLines(
        BufDecl->getBeginLoc(),
        Lexer::getLocForEndOfToken(BufDecl->getEndLoc(), 0, SM, LO), SM)));
    for (const Stmt *R : Releases) {
      SourceLocation End = Lexer::findLocationAfterToken(
          R->getEndLoc(), tok::semi, SM, LO, false);
      Ok &= End.isValid() && Writable(R->getBeginLoc());
      if (End.isValid())
        Removals.push_back(FixItHint::CreateRemoval(
            statementLines(R->getBeginLoc(), End, SM)));
    }
    if (Ok)
      Hints.insert(Hints.end(), Removals.begin(), Removals.end());
    else if (BufferRefs != 1)
      return {};
  }
  return Hints;
}

std::vector<FixItHint>
padElements(const OMPExecutableDirective *D, const std::string &Name,
            unsigned Line, ASTContext &Ctx, std::string &WhyNot,
            llvm::function_ref<bool(SourceLocation)> Writable) {
  // long part[64];  ...  part[t] += x;
  // becomes (C++) struct alignas(64) { long value; } part[64]; ...
  //         (C)   struct { _Alignas(64) long value; } part[64]; ...
  //         and   part[t].value += x;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const auto *V = dyn_cast_or_null<VarDecl>(findVariable(D, Name));
  const ConstantArrayType *AT =
      V ? Ctx.getAsConstantArrayType(V->getType()) : nullptr;
  // Zero initializers (`= {0}`, `{}`) stay valid for the padded elements.
  auto ZeroInit = [&](const Expr *Init) {
    const auto *List = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
    return List && llvm::all_of(List->inits(), [&](const Expr *E) {
             Expr::EvalResult R;
             if (E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx))
               return false;
             return (R.Val.isInt() && R.Val.getInt().isZero()) ||
                    (R.Val.isFloat() && R.Val.getFloat().isZero());
           });
  };
  if (!V || !AT || !AT->getElementType()->isArithmeticType() ||
      (V->getInit() && !ZeroInit(V->getInit())) ||
      !Writable(V->getLocation())) {
    WhyNot = "only an array of numbers, uninitialized or zeroed, is padded";
    return {};
  }
  // Another declaration of it (`extern long part[64];`) would keep the old
  // type.
  if (V->getPreviousDecl() || V->getMostRecentDecl() != V) {
    WhyNot = "'" + Name + "' is declared more than once";
    return {};
  }
  // Every use in the translation unit must be a subscript `v[e]`.
  std::vector<const ArraySubscriptExpr *> Uses;
  bool OnlySubscripts = true;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    std::vector<const ArraySubscriptExpr *> &Uses;
    bool &OnlySubscripts;
    Finder(const VarDecl *V, std::vector<const ArraySubscriptExpr *> &Uses,
           bool &Only)
        : V(V), Uses(Uses), OnlySubscripts(Only) {}
    bool shouldVisitTemplateInstantiations() const { return false; }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V)
        Uses.push_back(E);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V)
        Refs.push_back(E->getLocation());
      return true;
    }
    std::vector<SourceLocation> Refs;
  } F(V, Uses, OnlySubscripts);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  // An OpenMP capture repeats the reference it captures, at its location.
  llvm::SmallPtrSet<const void *, 16> Bases;
  for (const ArraySubscriptExpr *U : Uses)
    Bases.insert(
        U->getBase()->IgnoreParenImpCasts()->getExprLoc().getPtrEncoding());
  for (SourceLocation L : F.Refs)
    OnlySubscripts &= Bases.count(L.getPtrEncoding()) > 0;
  if (!OnlySubscripts || Uses.empty()) {
    WhyNot = "'" + Name + "' is used other than as 'name[index]'";
    return {};
  }
  for (const ArraySubscriptExpr *U : Uses)
    if (!Writable(U->getBeginLoc()) || !Writable(U->getEndLoc()))
      return {};
  // The declaration: `T name[N]` with T written before the name.
  SourceLocation TypeBegin = V->getTypeSpecStartLoc();
  SourceLocation NameLoc = V->getLocation();
  if (!Writable(TypeBegin) || SM.getFileID(TypeBegin) != SM.getFileID(NameLoc))
    return {};
  std::string Elem = AT->getElementType().getUnqualifiedType().getAsString(
      Ctx.getPrintingPolicy());
  // privateer::padded<T> where the file includes privateer.hpp with the
  // same line size; else an unnamed padded struct, which needs no header.
  std::string Align = std::to_string(Line);
  std::string Padded =
      LO.CPlusPlus ? "struct alignas(" + Align + ") { " + Elem + " value; } "
                   : "struct { _Alignas(" + Align + ") " + Elem + " value; } ";
  if (LO.CPlusPlus && runtimeCacheLine(Ctx) == Line)
    Padded = "privateer::padded<" + Elem + "> ";
  // One declarator only: `long a[8], b;` shares its type (the type starts
  // before the first name, and a comma follows or precedes this one).
  StringRef BeforeName = Lexer::getSourceText(
      CharSourceRange::getCharRange(TypeBegin, NameLoc), SM, LO);
  if (BeforeName.contains(',') ||
      Lexer::findLocationAfterToken(V->getEndLoc(), tok::semi, SM, LO, false)
          .isInvalid()) {
    WhyNot = "the declaration declares more than one name";
    return {};
  }
  std::vector<FixItHint> Hints;
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(TypeBegin, NameLoc), Padded));
  for (const ArraySubscriptExpr *U : Uses)
    Hints.push_back(FixItHint::CreateInsertion(
        Lexer::getLocForEndOfToken(U->getEndLoc(), 0, SM, LO), ".value"));
  return Hints;
}

std::vector<FixItHint>
splitScratch(const OMPExecutableDirective *D, const FunctionDecl *FD,
             const std::string &Name, ASTContext &Ctx, std::string &WhyNot,
             llvm::function_ref<bool(SourceLocation)> Writable) {
  // double *w = malloc(S);
  // #pragma omp parallel for
  // for (...) { ... w ... }
  // becomes a parallel region that gives each thread
  //   double *privateer_w = malloc(S);
  // uses it in the loop, and frees it after.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const ForStmt *Loop = splittableLoop(D, WhyNot);
  if (!Loop || !FD || !FD->getBody() || !Writable(D->getBeginLoc()))
    return {};
  const auto *V = dyn_cast_or_null<VarDecl>(findVariable(D, Name));
  const Expr *Init =
      V && V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr;
  const Expr *Alloc = Init ? Init->IgnoreParenCasts() : nullptr;
  const auto *Call = dyn_cast_or_null<CallExpr>(Alloc);
  const auto *New = dyn_cast_or_null<CXXNewExpr>(Alloc);
  bool Malloc = Call && Call->getDirectCallee() &&
                Call->getDirectCallee()->getName() == "malloc";
  if (!V || !V->isLocalVarDecl() || !(Malloc || (New && New->isArray()))) {
    WhyNot = "the buffer is not a local pointer initialized by malloc or new[]";
    return {};
  }
  // The pointer and what its size reads are never reassigned in the
  // function; after the loop the buffer is only freed.
  llvm::SmallPtrSet<const ValueDecl *, 4> Reads;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
      Reads.insert(DRE->getDecl());
    if (S)
      for (const Stmt *C : S->children())
        Collect(C);
  };
  Collect(Init);
  Reads.insert(V);
  bool Safe = true;
  SourceLocation LoopEnd = Loop->getEndLoc();
  std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
    if (!S || !Safe)
      return;
    auto Target = [&](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && Reads.count(DRE->getDecl());
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && Target(BO->getLHS()))
      Safe = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Target(UO->getSubExpr()))
      Safe = false;
    // After the loop: only `free(w)` / `delete[] w`.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == V &&
        SM.isBeforeInTranslationUnit(LoopEnd, DRE->getBeginLoc()))
      Safe = false;
    if (releasedVariable(S) == V)
      return;
    forEachChild(S, Check);
  };
  Check(FD->getBody());
  if (!Safe) {
    WhyNot = "the buffer or its size is reassigned, or its contents are used "
             "after the loop";
    return {};
  }
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  SourceLocation After = Lexer::findLocationAfterToken(
      Loop->getEndLoc(), tok::semi, SM, LO, false);
  if (After.isInvalid())
    After = Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO);

  // When the buffer is only made, used in the loop and released, its
  // declaration and release move into the region as they are.
  if (auto Moved = namedInClause(D, V) ? std::nullopt
                                       : scratchStatements(FD, V, Loop, SM)) {
    auto [Decl, Releases] = *Moved;
    SourceLocation DeclEnd =
        Lexer::getLocForEndOfToken(Decl->getEndLoc(), 0, SM, LO);
    std::vector<CharSourceRange> Removed{
        statementLines(Decl->getBeginLoc(), DeclEnd, SM)};
    std::string ReleaseText;
    bool Ok = Writable(Decl->getBeginLoc());
    for (const Stmt *R : Releases) {
      SourceLocation End = Lexer::findLocationAfterToken(
          R->getEndLoc(), tok::semi, SM, LO, false);
      if (End.isInvalid() || !Writable(R->getBeginLoc())) {
        Ok = false;
        break;
      }
      Removed.push_back(statementLines(R->getBeginLoc(), End, SM));
      ReleaseText +=
          "\n" + Indent + "  " +
          Lexer::getSourceText(
              CharSourceRange::getCharRange(R->getBeginLoc(), End), SM, LO)
              .str();
    }
    std::string DeclText =
        Lexer::getSourceText(
            CharSourceRange::getCharRange(Decl->getBeginLoc(), DeclEnd), SM, LO)
            .str();
    auto Header =
        Ok ? splitHeader(D, Indent, DeclText, Ctx, WhyNot) : std::nullopt;
    if (Header) {
      std::vector<FixItHint> Hints{*Header};
      for (const CharSourceRange &R : Removed)
        Hints.push_back(FixItHint::CreateRemoval(R));
      indentMore(Loop, SM, Hints);
      Hints.push_back(
          FixItHint::CreateInsertion(After, ReleaseText + "\n" + Indent + "}"));
      return Hints;
    }
    if (!Ok)
      return {};
  }

  // Otherwise each thread's block gets a name of its own.
  std::string Fresh = "privateer_" + Name;
  std::string Type = V->getType().getAsString(Ctx.getPrintingPolicy());
  std::string InitText =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(V->getInit()->getSourceRange()), SM,
          LO)
          .str();
  auto Header = splitHeader(D, Indent,
                            Type + (Type.back() == '*' ? "" : " ") + Fresh +
                                " = " + InitText + ";",
                            Ctx, WhyNot);
  if (!Header)
    return {};
  std::vector<FixItHint> Hints{*Header};
  // Every use of the buffer in the loop takes the thread's block.
  bool Renamed = true;
  std::function<void(const Stmt *)> Rename = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S);
        DRE && DRE->getDecl() == V) {
      if (!Writable(DRE->getLocation()))
        Renamed = false;
      Hints.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(DRE->getLocation()), Fresh));
    }
    if (S)
      forEachChild(S, Rename);
  };
  Rename(Loop);
  if (!Renamed)
    return {};
  indentMore(Loop, SM, Hints);
  Hints.push_back(FixItHint::CreateInsertion(
      After, "\n" + Indent + "  " +
                 (New ? "delete[] " + Fresh : "free(" + Fresh + ")") + ";\n" +
                 Indent + "}"));
  return Hints;
}

std::vector<FixItHint>
splitAllocation(const OMPExecutableDirective *D, const std::string &Name,
                ASTContext &Ctx, std::string &WhyNot,
                llvm::function_ref<bool(SourceLocation)> Writable) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::vector<FixItHint> None;
  const ForStmt *Loop = splittableLoop(D, WhyNot);
  if (!Loop || !Writable(D->getBeginLoc()))
    return None;
  const auto *Body = dyn_cast<CompoundStmt>(Loop->getBody());
  if (!Body) {
    WhyNot = "the loop has no block body";
    return None;
  }
  // The allocation and the release, both statements of the body itself.
  const DeclStmt *Alloc = nullptr;
  const Stmt *Release = nullptr;
  const VarDecl *V = nullptr;
  for (const Stmt *S : Body->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl())
      if (const auto *X = dyn_cast<VarDecl>(DS->getSingleDecl());
          X && X->getName() == Name && X->getInit()) {
        Alloc = DS;
        V = X;
      }
    if (V && releasedVariable(S) == V)
      Release = S;
  }
  if (!Alloc || !Release) {
    WhyNot = "the allocation and its release are not both statements of "
             "the loop body";
    return None;
  }
  // The size may only read what exists before the loop; nothing else may
  // change the pointer.
  bool Movable = true;
  std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
    // (`sizeof *t` reads nothing.)
    if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *X = dyn_cast<VarDecl>(DRE->getDecl()))
        if (!X->hasGlobalStorage() &&
            !SM.isBeforeInTranslationUnit(X->getLocation(), D->getBeginLoc()))
          Movable = false;
    for (const Stmt *C : S->children())
      Check(C);
  };
  Check(V->getInit());
  // Nor a variable a clause privatizes: outside the loop it would be
  // another variable.
  for (const OMPClause *C : D->clauses())
    for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child))
        if (const ValueDecl *Named = clauseVariable(E)) {
          std::function<void(const Stmt *)> Reads = [&](const Stmt *S) {
            if (!S)
              return;
            if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
                DRE && DRE->getDecl() == Named && !isa<OMPSharedClause>(C))
              Movable = false;
            for (const Stmt *X : S->children())
              Reads(X);
          };
          Reads(V->getInit());
        }
  std::function<void(const Stmt *)> Assigned = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V)
        Movable = false;
    for (const Stmt *C : S->children())
      Assigned(C);
  };
  Assigned(Body);
  if (!Movable) {
    WhyNot = "the allocation depends on the iteration, or the pointer is "
             "reassigned";
    return None;
  }
  if (!Writable(Alloc->getBeginLoc()) || !Writable(Release->getBeginLoc()))
    return None;
  SourceLocation ReleaseEnd = Lexer::findLocationAfterToken(
      Release->getEndLoc(), tok::semi, SM, LO, false);
  if (ReleaseEnd.isInvalid()) {
    WhyNot = "the release has no semicolon of its own";
    return None;
  }
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  std::string AllocText =
      Lexer::getSourceText(CharSourceRange::getTokenRange(Alloc->getBeginLoc(),
                                                          Alloc->getEndLoc()),
                           SM, LO)
          .str();
  std::string ReleaseText =
      Lexer::getSourceText(
          CharSourceRange::getCharRange(Release->getBeginLoc(), ReleaseEnd), SM,
          LO)
          .str();
  auto Header = splitHeader(D, Indent, AllocText, Ctx, WhyNot);
  if (!Header)
    return None;
  std::vector<FixItHint> Hints{*Header};
  Hints.push_back(FixItHint::CreateRemoval(statementLines(
      Alloc->getBeginLoc(),
      Lexer::getLocForEndOfToken(Alloc->getEndLoc(), 0, SM, LO), SM)));
  Hints.push_back(FixItHint::CreateRemoval(
      statementLines(Release->getBeginLoc(), ReleaseEnd, SM)));
  indentMore(Loop, SM, Hints);
  Hints.push_back(FixItHint::CreateInsertion(
      Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO),
      "\n" + Indent + "  " + ReleaseText + "\n" + Indent + "}"));
  return Hints;
}

} // namespace

std::vector<FixItHint> buildFix(const Finding &F,
                                const ConstructIndex &Constructs,
                                ASTContext &Ctx, std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<FixItHint> Hints;
  WhyNot = F.Fix.NoFixReason;
  auto Writable = [&](SourceLocation L) {
    if (L.isInvalid() || L.isMacroID()) {
      WhyNot = "the code comes from a macro expansion";
      return false;
    }
    if (SM.isInSystemHeader(L)) {
      WhyNot = "the code is in a system header";
      return false;
    }
    return true;
  };

  // Every kind but a plain replacement edits around the construct.
  const OMPExecutableDirective *Construct = nullptr;
  const FunctionDecl *Function = nullptr;
  if (F.Fix.What != FixPlan::Kind::None &&
      F.Fix.What != FixPlan::Kind::Replace) {
    auto It = Constructs.ByLoc.find(F.Construct.Raw);
    if (It == Constructs.ByLoc.end()) {
      WhyNot = "the construct was not found";
      return Hints;
    }
    std::tie(Construct, Function) = It->second;
    // A template's code is shared by its instances: a fix that spells a
    // type would spell one instance's.
    bool SpellsTypes = F.Fix.What == FixPlan::Kind::LocalAccumulator ||
                       F.Fix.What == FixPlan::Kind::AtomicCapture ||
                       F.Fix.What == FixPlan::Kind::PadElements ||
                       F.Fix.What == FixPlan::Kind::SplitScratch ||
                       F.Fix.What == FixPlan::Kind::LeaseFromPool;
    if (SpellsTypes && Function &&
        (Function->isTemplateInstantiation() ||
         Function->isDependentContext())) {
      WhyNot = "the code is a template's, and the fix would spell one "
               "instance's types";
      return Hints;
    }
  }

  switch (F.Fix.What) {
  case FixPlan::Kind::None:
    return Hints;
  case FixPlan::Kind::Replace: {
    SourceLocation B = fromLoc(F.Fix.Begin), E = fromLoc(F.Fix.End);
    if (!Writable(B) || !Writable(E))
      return Hints;
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(B, E), F.Fix.Text));
    return Hints;
  }
  case FixPlan::Kind::Atomic: {
    for (Loc U : F.Fix.Updates) {
      const Stmt *S = updateStatement(Construct, fromLoc(U), SM);
      if (!S) {
        WhyNot = "an update is not a statement of its own";
        return {};
      }
      SourceLocation Begin = S->getBeginLoc();
      if (!Writable(Begin))
        return {};
      // The pragma goes on a line of its own before the statement's
      // (which must start its line), in the first column like every
      // directive.
      std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Begin);
      bool Invalid = false;
      StringRef Buffer = SM.getBufferData(At.first, &Invalid);
      if (Invalid)
        return {};
      size_t LineStart = lineStart(Buffer, At.second);
      StringRef Indent = Buffer.slice(LineStart, At.second);
      if (Indent.find_first_not_of(" \t") != StringRef::npos) {
        WhyNot = "an update shares its line with other code";
        return {};
      }
      Hints.push_back(FixItHint::CreateInsertion(
          SM.getLocForStartOfFile(At.first).getLocWithOffset(LineStart),
          "#pragma omp atomic\n"));
    }
    return Hints;
  }
  case FixPlan::Kind::LeaseFromPool: {
    return leaseFromPool(Construct, Function, F.Fix.Variable, Ctx, WhyNot,
                         Writable);
  }
  case FixPlan::Kind::AlignAllocation: {
    return alignAllocation(Function, fromLoc(F.Fix.Begin), F.Fix.LineBytes, Ctx,
                           WhyNot, Writable);
  }
  case FixPlan::Kind::PadElements: {
    return padElements(Construct, F.Fix.Variable, F.Fix.LineBytes, Ctx, WhyNot,
                       Writable);
  }
  case FixPlan::Kind::SplitScratch: {
    return splitScratch(Construct, Function, F.Fix.Variable, Ctx, WhyNot,
                        Writable);
  }
  case FixPlan::Kind::LocalAccumulator: {
    return localAccumulator(Construct, Function, fromLoc(F.Fix.Begin),
                            F.Fix.Variable, Ctx, WhyNot, Writable);
  }
  case FixPlan::Kind::AtomicCapture: {
    return atomicCapture(Construct, fromLoc(F.Fix.Begin), Ctx, WhyNot,
                         Writable);
  }
  case FixPlan::Kind::SplitAllocation: {
    return splitAllocation(Construct, F.Fix.Variable, Ctx, WhyNot, Writable);
  }
  case FixPlan::Kind::AddClause: {
    const OMPExecutableDirective *D = Construct;
    // `_Pragma("omp parallel for")` written in the file takes the clause
    // inside its string; one from a macro stays as it is.
    SourceLocation InString = pragmaOperatorInsertionPoint(D, Ctx);
    if (InString.isInvalid() && D->getBeginLoc().isMacroID()) {
      WhyNot = "the directive comes from a macro";
      return Hints;
    }
    if (InString.isInvalid() && !Writable(D->getBeginLoc()))
      return Hints;
    bool Reduction = StringRef(F.Fix.Clause).starts_with("reduction");
    const ValueDecl *V =
        findVariable(D, F.Fix.Variable.substr(0, F.Fix.Variable.find('[')));
    if (!V) {
      WhyNot = "the variable is not named in the construct";
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
        !constructible(RD, F.Fix.Clause == "firstprivate")) {
      WhyNot =
          "'" + F.Fix.Variable + "' cannot be " +
          (F.Fix.Clause == "firstprivate" ? "copied" : "default-constructed") +
          ", which a private copy needs";
      return Hints;
    }
    // A private copy loses what the construct leaves in the variable;
    // lastprivate keeps it when the last iteration surely writes it.
    std::string Clause = F.Fix.Clause;
    if (!Reduction && usedAfter(V, D, Function, Ctx)) {
      if (Clause == "private" && lastIterationWrites(D, V) &&
          nonmonotonicDynamic(D)) {
        WhyNot = "'lastprivate(" + F.Fix.Variable +
                 ")' would be exact, but LLVM's libomp can lose "
                 "lastprivate values under a nonmonotonic "
                 "'schedule(dynamic)': write 'schedule(monotonic: dynamic)' "
                 "and apply the fix again";
        return Hints;
      }
      if (Clause != "private" || !lastIterationWrites(D, V)) {
        WhyNot = "'" + F.Fix.Variable +
                 "' is used after the construct, and a private copy would "
                 "not leave its value there" +
                 (Clause == "private" && isa<OMPLoopDirective>(D)
                      ? " (lastprivate would, but the last iteration may "
                        "not write it)"
                      : "");
        return Hints;
      }
      Clause = "lastprivate";
    }
    // Extend a clause of the same kind, or add one.
    if (!Reduction)
      for (const OMPClause *C : D->clauses()) {
        bool Same =
            (Clause == "private" && isa<OMPPrivateClause>(C)) ||
            (Clause == "firstprivate" && isa<OMPFirstprivateClause>(C)) ||
            (Clause == "lastprivate" && isa<OMPLastprivateClause>(C));
        if (Same && !C->isImplicit() && Writable(C->getEndLoc())) {
          Hints.push_back(FixItHint::CreateInsertion(C->getEndLoc(),
                                                     ", " + F.Fix.Variable));
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
    std::string Item =
        Reduction ? spelledSection(F.Fix.Variable, V, Ctx) : F.Fix.Variable;
    std::string Text =
        " " + Clause + (Reduction ? ": " + Item + ")" : "(" + Item + ")");
    Hints.push_back(FixItHint::CreateInsertion(At, Text));
    return Hints;
  }
  }
  return Hints;
}

} // namespace clangfe
} // namespace privateer
