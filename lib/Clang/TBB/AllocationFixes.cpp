//===- AllocationFixes.cpp - TBB fixes: a work item's block per thread ----===//
//
// Part of privateer.
//
// A container or new[] block made in every work item (privateer-loop-alloc):
//   tbb::parallel_for(0, n, [&](int i) {
//     std::vector<double> c(m);          // or: double *c = new double[m];
// becomes (ETS<T> as in ScratchFixes.cpp)
//   ETS<std::vector<double>> c_ets;
//   tbb::parallel_for(0, n, [&](int i) {
//     auto &c = c_ets.local();           // or: auto &c_buf = c_ets.local();
//     c.assign(m, double());             //     c_buf.resize(m);
//                                        //     double *c = c_buf.data();
// (and the block's delete[] goes). The count and value stay where they were
// written; `resize` where every element read is written first, or where
// new[] left them indeterminate. No code the body runs may run nested
// parallel work: the waiting thread could run another work item of the
// call, which would take the same copy.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"
#include "ThreadSpecific.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/Runtime.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"
#include "privateer/Clang/CXX/PreprocessorLines.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

namespace {

/// Whether \p S, or a function it calls (\p Depth levels deep), may run
/// parallel work of TBB or of a standard algorithm: a TBB function (its
/// algorithms, task_group::wait, task_arena::execute), a call with an
/// execution policy, or a function whose code is not visible outside the
/// system headers. The thread that waits there can run another work item
/// of the same call, which would take the same copy per thread.
bool mayRunNestedWork(const Stmt *S, ASTContext &Ctx, unsigned Depth,
                      std::string &What) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    for (const Expr *Arg : Call->arguments()) {
      const auto *RD =
          Arg->getType().getNonReferenceType()->getAsCXXRecordDecl();
      if ((typeFamilies(RD) & typefamily::ExecutionPolicy) &&
          RD->isInStdNamespace()) {
        What = "a standard algorithm with an execution policy";
        return true;
      }
    }
    if (!FD) {
      // Through a pointer or a lambda object whose code is not named.
      if (!isa<CXXOperatorCallExpr>(Call) && !isa<CXXMemberCallExpr>(Call)) {
        What = "a call through a pointer";
        return true;
      }
    } else {
      // TBB's own functions that run or wait for work (its algorithms,
      // task_group::run and wait, task_arena::execute, isolate); a
      // range's bounds, local(), a lock do not.
      StringRef Name = FD->getIdentifier() ? FD->getName() : "";
      if ((nameFamilies(Name) & family::RunsWork) && inNamespace(FD, "tbb")) {
        What = "'" + FD->getQualifiedNameAsString() + "'";
        return true;
      }
      // A call whose code is chosen at run time: an override, or what a
      // std::function holds.
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (MD && MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
          !MD->getParent()->hasAttr<FinalAttr>()) {
        What = "the virtual '" + FD->getNameAsString() + "'";
        return true;
      }
      if (MD && knownType(MD->getParent()) == KnownType::Function &&
          MD->getParent()->isInStdNamespace()) {
        What = "a std::function";
        return true;
      }
      const SourceManager &SM = Ctx.getSourceManager();
      if (!SM.isInSystemHeader(FD->getLocation())) {
        const FunctionDecl *Def = nullptr;
        if (!FD->hasBody(Def) || Depth == 0) {
          What = "'" + FD->getNameAsString() + "', whose code is not seen";
          return true;
        }
        if (mayRunNestedWork(Def->getBody(), Ctx, Depth - 1, What))
          return true;
      }
    }
  }
  for (const Stmt *Child : S->children())
    if (mayRunNestedWork(Child, Ctx, Depth, What))
      return true;
  return false;
}

/// A `T *p = new T[n];` block of a work item, released by one `delete[] p;`
/// in the same block, that a std::vector<T> per thread can stand for.
struct NewArrayBlock {
  std::string Element;
  std::string CountText;
  /// `new T[n]()` or `{}`: every element zero; otherwise indeterminate.
  bool Zeroed = false;
  bool KeepContents = false;
  CharSourceRange Release;
  /// What makes \p Buf hold what the block held when it was new.
  std::string Refill(const std::string &Buf) const {
    if (Zeroed && !KeepContents)
      return Buf + ".assign(" + CountText + ", " + Element + "());";
    return Buf + ".resize(" + CountText + ");";
  }
};

llvm::Expected<NewArrayBlock>
newArrayBlock(const VarDecl *V, const DeclStmt *DS, const CXXNewExpr *New,
              bool KeepContents, ASTContext &Ctx) {
  std::string Name = V->getName().str();
  QualType T = New->getAllocatedType();
  const FunctionDecl *Op = New->getOperatorNew();
  if (!New->isArray() || New->getNumPlacementArgs() != 0 || !Op ||
      !Op->isReplaceableGlobalAllocationFunction() || !T->isScalarType() ||
      T.isVolatileQualified() || T.isConstQualified() || !New->getArraySize() ||
      !V->getType()->isPointerType() ||
      !Ctx.hasSameUnqualifiedType(V->getType()->getPointeeType(), T))
    return decline("'" + Name +
                   "' is not a pointer to a plain new[] block of numbers or "
                   "pointers");
  NewArrayBlock B;
  B.KeepContents = KeepContents;
  if (const Expr *Init = New->getInitializer()) {
    const auto *IL = dyn_cast<InitListExpr>(Init);
    B.Zeroed =
        isa<ImplicitValueInitExpr>(Init) || (IL && IL->getNumInits() == 0);
    if (!B.Zeroed)
      return decline("the elements of the new[] block are given values");
  }
  // Without an initializer new[] leaves the elements indeterminate, and a
  // program that reads one before writing it has no defined meaning: what
  // the thread's last work item left (resize) is as good as any value.
  B.Element = spellType(T.getUnqualifiedType(), Ctx);
  B.CountText =
      Lexer::getSourceText(CharSourceRange::getTokenRange(
                               (*New->getArraySize())->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts())
          .str();
  // The pointer keeps the block: only read, never changed or its address
  // taken; one `delete[] p;` of its own in the block that declares it.
  DynTypedNodeList Parents = Ctx.getParents(*DS);
  const auto *Block =
      Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  const Stmt *Delete = nullptr;
  unsigned Releases = 0;
  bool OnlyRead = true;
  auto Visit = [&](const Stmt *S) {
    if (const auto *D = dyn_cast<CXXDeleteExpr>(S))
      if (const auto *R =
              dyn_cast<DeclRefExpr>(D->getArgument()->IgnoreParenImpCasts());
          R && R->getDecl() == V)
        ++Releases;
    if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V) {
      DynTypedNodeList P = Ctx.getParents(*R);
      const auto *IC = P.empty() ? nullptr : P[0].get<ImplicitCastExpr>();
      OnlyRead &= IC && IC->getCastKind() == CK_LValueToRValue;
    }
  };
  if (Block) {
    forEachStmt(Block, Visit, CapturedChildren::Captures);
    for (const Stmt *S : Block->body())
      if (const auto *D = dyn_cast<CXXDeleteExpr>(S))
        if (const auto *R =
                dyn_cast<DeclRefExpr>(D->getArgument()->IgnoreParenImpCasts());
            R && R->getDecl() == V && D->isArrayForm())
          Delete = D;
  }
  if (!Block || !Delete || Releases != 1)
    return decline("the new[] block is not released by one 'delete[] " + Name +
                   ";' in the block that declares it");
  if (!OnlyRead)
    return decline("'" + Name + "' is changed or its address taken");
  // Its whole line, `;` included, when nothing else is on it.
  auto Lines = wholeLines(Delete->getBeginLoc(), statementEnd(Delete, Ctx),
                          Ctx.getSourceManager());
  if (!Lines)
    return decline("the 'delete[]' shares its line with other code");
  B.Release = *Lines;
  return B;
}

/// What each thread keeps (its type) and what the declaration of \p V
/// becomes: the thread's copy, made again as the declaration made it; and
/// for a new[] block, its release that goes.
struct KeptPerThread {
  std::string Type;
  std::string Refill;
  std::optional<CharSourceRange> Release;
};

llvm::Expected<KeptPerThread>
keptPerThread(const VarDecl *V, const DeclStmt *DS, const std::string &ETS,
              bool KeepContents, const FunctionDecl *FD, ASTContext &Ctx) {
  std::string Name = V->getName().str();
  auto In = indentBefore(DS->getBeginLoc(), Ctx.getSourceManager());
  if (!In)
    return decline("the declaration shares its line with other code");
  const auto *Construct =
      V->getInit() && V->getInitStyle() == VarDecl::CallInit
          ? dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit())
          : nullptr;
  const auto *New =
      V->getInit() ? dyn_cast<CXXNewExpr>(V->getInit()->IgnoreParenImpCasts())
                   : nullptr;
  if (Construct) {
    std::string WhyNot;
    auto Sized = sizedContainer(V, Construct, Ctx, WhyNot);
    if (!Sized)
      return decline(WhyNot);
    // The count and the value stay where they were written, evaluated
    // where they were: `assign` makes the contents of a new container
    // (`resize` where every element read is written first, so what the
    // thread's last work item left is never seen).
    return KeptPerThread{writtenType(V, Ctx),
                         "auto &" + Name + " = " + ETS + ".local();\n" + *In +
                             (KeepContents
                                  ? Name + ".resize(" + Sized->CountText + ");"
                                  : Name + ".assign(" + Sized->CountText +
                                        ", " + Sized->ValueText + ");"),
                         std::nullopt};
  }
  if (!New)
    return decline("only a container made as (count) or (count, value), or a "
                   "new[] block, is kept per thread");
  auto Block = newArrayBlock(V, DS, New, KeepContents, Ctx);
  if (!Block)
    return Block.takeError();
  if (!declaresIn(Ctx, "std", "vector"))
    return decline("the copy per thread would be a std::vector, and the file "
                   "does not include <vector>");
  std::string Buf = Name + "_buf";
  if (!nameIsFree(Buf, FD, Ctx))
    return decline("the name '" + Buf + "' is taken");
  return KeptPerThread{"std::vector<" + Block->Element + ">",
                       "auto &" + Buf + " = " + ETS + ".local();\n" + *In +
                           Block->Refill(Buf) + "\n" + *In + Block->Element +
                           " *" + Name + " = " + Buf + ".data();",
                       Block->Release};
}

/// Why the work items of \p C cannot share a copy per thread of \p V,
/// declared by \p DS, or success.
llvm::Error workItemsCannotShare(const VarDecl *V, const DeclStmt *DS,
                                 const WorkBody &B, const ModelledConstruct &C,
                                 ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  if (!Body || B.Lambda->getCaptureDefault() != LCD_ByRef)
    return decline("the body is not a lambda with a '[&]' capture, which the "
                   "copy per thread would need");
  // The container: declared alone, in the body's own code (not in a lambda
  // nested in it).
  const SourceManager &SM = Ctx.getSourceManager();
  if (!V || !DS || !DS->isSingleDecl() || V->getDeclContext() != B.Function ||
      !SM.isPointWithin(DS->getBeginLoc(), Body->getBeginLoc(),
                        Body->getEndLoc()))
    return decline("'" + (V ? V->getNameAsString() : std::string()) +
                   "' is not declared alone in the body's own code");
  if (V->isStaticLocal() || V->getTLSKind() != VarDecl::TLS_None)
    return decline("'" + V->getNameAsString() +
                   "' is not made in every work item");
  if (llvm::Error Err = bodyLeavesThread(C))
    return Err;
  std::string What;
  if (mayRunNestedWork(Body, Ctx, 3, What))
    return decline("the body calls " + What +
                   ", which may run nested parallel work: the waiting thread "
                   "can run another work item that would take the same "
                   "'enumerable_thread_specific' copy");
  return llvm::Error::success();
}

} // namespace

FixResult buildAllocationPerThread(const Finding &F, const ModelledConstruct &C,
                                   EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto T = Call ? recognize(Call, Ctx) : std::nullopt;
  if (!T || T->Bodies.size() != 1 || !T->Bodies[0].Lambda || !C.Function ||
      !C.Function->getBody() || T->Kind != RegionKind::Loop)
    return E.decline("the body is not one lambda of a parallel loop");
  if (!E.maySpellTypesIn(C.Function))
    return E.result();
  const VarDecl *V = variableOf(F.Buffer);
  const DeclStmt *DS = V ? declarationOf(V, Ctx) : nullptr;
  if (llvm::Error Err = workItemsCannotShare(V, DS, T->Bodies.front(), C, Ctx))
    return std::move(Err);
  std::string ETS = V->getName().str() + "_ets";
  auto Kept = keptPerThread(
      V, DS, ETS, std::get<remedy::AllocationPerThread>(F.Fix).KeepContents,
      C.Function, Ctx);
  if (!Kept)
    return Kept.takeError();
  if (!nameIsFree(ETS, C.Function, Ctx))
    return E.decline("the name '" + ETS + "' is taken");
  const Stmt *CallStmt = blockStatement(Call, Ctx);
  if (!CallStmt)
    return E.decline("the call is not a statement of its own, before which "
                     "the copy per thread could be declared");
  if (!E.writable({CallStmt->getBeginLoc(), CallStmt->getEndLoc(),
                   DS->getBeginLoc(), DS->getEndLoc()}))
    return E.result();
  if (hasPreprocessorDirective(
          SourceRange(CallStmt->getBeginLoc(), CallStmt->getEndLoc()), SM))
    return E.decline("preprocessor directives ('#if', '#define') lie in the "
                     "call, which a fix could not keep in place");
  auto CallIndent = indentBefore(CallStmt->getBeginLoc(), SM);
  if (!CallIndent)
    return E.decline("the call shares its line with other code");
  includeTBBClass(E, T->Call, "enumerable_thread_specific",
                  "enumerable_thread_specific.h");
  // Default-constructed copies: the first refill of each thread allocates,
  // later ones reuse its capacity.
  E.insert(CallStmt->getBeginLoc(),
           threadSpecificType(Kept->Type) + " " + ETS + ";\n" + *CallIndent);
  E.replace(
      CharSourceRange::getCharRange(DS->getBeginLoc(), statementEnd(DS, Ctx)),
      Kept->Refill);
  // The thread's buffer outlives the work item: no release.
  if (Kept->Release)
    E.remove(*Kept->Release);
  return E.result();
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
