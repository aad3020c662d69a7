//===- AllocationFixes.cpp - Line-aligned blocks
//----------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "FixSupport.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

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

/// Whether the translation unit declares a function \p Name at file scope
/// (a rewrite may call only what the file can see).
bool declaresFunction(ASTContext &Ctx, StringRef Name) {
  auto Found = Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name));
  return llvm::any_of(Found, [](const NamedDecl *D) {
    return isa<FunctionDecl>(D->getUnderlyingDecl());
  });
}

} // namespace

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

} // namespace clangfe
} // namespace privateer
