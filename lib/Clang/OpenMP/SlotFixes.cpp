//===- SlotFixes.cpp - Thread-indexed slots
//---------------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "FixSupport.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/Subscript.h"

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

} // namespace

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
  // The subscript the finding points at.
  auto IsSlot = [&](const Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    return E && E->getBeginLoc() == Slot &&
           (isa<ArraySubscriptExpr>(E) || isa<CXXOperatorCallExpr>(E));
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || SlotExpr)
      return;
    if (IsSlot(S)) {
      SlotExpr = cast<Expr>(S);
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
  // In a worksharing loop the slot stays the thread's through the whole
  // loop: the loop is the construct's own. (A combined `parallel for` is
  // split so that the local lives in the team's region.)
  const auto *Worksharing = dyn_cast<OMPLoopDirective>(D);
  const ForStmt *Split = nullptr;
  if (Worksharing) {
    if (isOpenMPParallelDirective(D->getDirectiveKind())) {
      Split = splittableLoop(D, WhyNot);
      if (!Split)
        return {};
    }
    if (Worksharing->getLoopsNumber() != 1) {
      WhyNot = "the loop is collapsed";
      return {};
    }
    Loop = dyn_cast_or_null<ForStmt>(
        Worksharing->getInnermostCapturedStmt()->getCapturedStmt());
    std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
      if (!S || SlotExpr)
        return;
      if (IsSlot(S)) {
        SlotExpr = cast<Expr>(S);
        return;
      }
      forEachChild(S, Find);
    };
    Find(Loop);
  } else if (const Stmt *Body = associatedBody(D))
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
  // The slot is read before the loop and written after it: what its index
  // names must exist there (`int t = omp_get_thread_num();` in the body does
  // not).
  for (const ValueDecl *X : IndexVars)
    if (isa<VarDecl>(X) &&
        !SM.isBeforeInTranslationUnit(X->getLocation(), Loop->getBeginLoc()) &&
        !SM.isBeforeInTranslationUnit(Loop->getEndLoc(), X->getLocation())) {
      WhyNot = "the slot's index is declared inside the loop";
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
  std::string Load = Type + " " + Name + " = " + SlotText + ";";
  std::string Store = SlotText + " = " + Name + ";";
  if (Split) {
    // #pragma omp parallel { T local = slot; #pragma omp for ... slot = local;
    // }
    auto Header = splitHeader(D, Indent, Load, Ctx, WhyNot);
    if (!Header)
      return {};
    Hints.push_back(*Header);
    indentMore(Loop, SM, Hints);
    Hints.push_back(FixItHint::CreateInsertion(
        LoopEnd, "\n" + Indent + "  " + Store + "\n" + Indent + "}"));
  } else if (Worksharing) {
    // Before the directive's line, after its loop.
    if (!Writable(D->getBeginLoc()))
      return {};
    Hints.push_back(
        FixItHint::CreateInsertion(D->getBeginLoc(), Indent + Load + "\n"));
    Hints.push_back(FixItHint::CreateInsertion(LoopEnd, "\n" + Indent + Store));
  } else {
    Hints.push_back(
        FixItHint::CreateInsertion(Loop->getBeginLoc(), Load + "\n" + Indent));
    Hints.push_back(FixItHint::CreateInsertion(LoopEnd, "\n" + Indent + Store));
  }
  for (const Expr *U : Uses)
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(U->getSourceRange()), Name));
  return Hints;
}

std::vector<FixItHint>
padElements(BufferHandle Buffer, const OMPExecutableDirective *D,
            const std::string &Name, unsigned Line, ASTContext &Ctx,
            std::string &WhyNot,
            llvm::function_ref<bool(SourceLocation)> Writable) {
  // long part[64];  ...  part[t] += x;
  // becomes (C++) struct alignas(64) { long value; } part[64]; ...
  //         (C)   struct { _Alignas(64) long value; } part[64]; ...
  //         and   part[t].value += x;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const VarDecl *V = variableNamedInConstruct(D, Buffer);
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
    const Expr *Base = nullptr, *Index = nullptr;
    if (const auto *Addr = dyn_cast<UnaryOperator>(I);
        Addr && Addr->getOpcode() == UO_AddrOf &&
        subscriptParts(Addr->getSubExpr()->IgnoreParens(), Base, Index)) {
      const Expr *Base2 = nullptr, *Index2 = nullptr;
      Expr::EvalResult Zero;
      if (subscriptParts(Base->IgnoreParenImpCasts(), Base2, Index2) &&
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
    } else if (subscriptParts(I, Base, Index)) {
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

} // namespace clangfe
} // namespace privateer
