//===- Runtime.cpp - What the rewritten code calls, spelled once ----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/Edits/Runtime.h"

#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

const NamedDecl *lookupIn(ASTContext &Ctx, StringRef Namespace,
                          StringRef Name) {
  for (const NamedDecl *NS :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Namespace)))
    if (const auto *N = dyn_cast<NamespaceDecl>(NS))
      for (const NamedDecl *D : N->lookup(&Ctx.Idents.get(Name)))
        return D;
  return nullptr;
}

bool declaresFunction(ASTContext &Ctx, StringRef Name) {
  auto Found = Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name));
  return llvm::any_of(Found, [](const NamedDecl *D) {
    return isa<FunctionDecl>(D->getUnderlyingDecl());
  });
}

bool runtimeDeclares(ASTContext &Ctx, StringRef Name) {
  return isa_and_nonnull<ClassTemplateDecl>(lookupIn(Ctx, "privateer", Name));
}

uint64_t runtimeCacheLine(ASTContext &Ctx) {
  const auto *Line =
      dyn_cast_or_null<VarDecl>(lookupIn(Ctx, "privateer", "cache_line"));
  if (!Line || !runtimeDeclares(Ctx, "padded"))
    return 0;
  const APValue *Value = Line->evaluateValue();
  return Value && Value->isInt() ? Value->getInt().getZExtValue() : 0;
}

LeaseNames leaseNames(StringRef Buffer, StringRef Slot) {
  return {("privateer_" + Buffer + "_pool").str(),
          ("privateer_" + Slot + "_lease").str()};
}

std::string poolDeclaration(StringRef Element, const LeaseNames &Names,
                            StringRef Length) {
  return ("privateer::buffer_pool<" + Element + "> " + Names.Pool + "(" +
          Length + ", privateer::unbounded);")
      .str();
}

std::string leaseDeclaration(const LeaseNames &Names) {
  return "auto " + Names.Lease + " = " + Names.Pool + ".acquire();";
}

std::string leaseData(const LeaseNames &Names) {
  return Names.Lease + ".data()";
}

std::string paddedElementType(StringRef Element, unsigned Line,
                              ASTContext &Ctx) {
  std::string Align = std::to_string(Line);
  if (Ctx.getLangOpts().CPlusPlus && runtimeCacheLine(Ctx) == Line)
    return ("privateer::padded<" + Element + "> ").str();
  if (Ctx.getLangOpts().CPlusPlus)
    return ("struct alignas(" + Align + ") { " + Element + " value; } ").str();
  return ("struct { _Alignas(" + Align + ") " + Element + " value; } ").str();
}

StringRef paddedValueMember() { return ".value"; }

namespace {

/// `aligned_alloc(L, S)` with S rounded up to whole lines: aligned_alloc
/// wants a multiple of the alignment.
std::string roundedAlignedAlloc(const Expr *Size, unsigned Line,
                                ASTContext &Ctx) {
  std::string L = std::to_string(Line);
  std::string Text = tokensOf(Size->getSourceRange(), Ctx);
  Expr::EvalResult Value;
  if (Size->EvaluateAsInt(Value, Ctx) &&
      Value.Val.getInt().isStrictlyPositive()) {
    uint64_t Bytes = Value.Val.getInt().getZExtValue();
    std::string Rounded = std::to_string((Bytes + Line - 1) / Line * Line);
    return "aligned_alloc(" + L + ", " + Rounded +
           (Text != std::to_string(Bytes)
                ? " /* " + Text + ", rounded up to whole lines */"
                : "") +
           ")";
  }
  return "aligned_alloc(" + L + ", ((" + Text + ") + " + L + " - 1) / " + L +
         " * " + L + ")";
}

} // namespace

std::optional<std::string> alignedAllocation(const CallExpr *Call,
                                             unsigned Line, ASTContext &Ctx,
                                             std::string &WhyNot) {
  auto Text = [&](unsigned Arg) {
    return tokensOf(Call->getArg(Arg)->getSourceRange(), Ctx);
  };
  if (knownName(calleeName(Call)) == KnownName::Calloc) {
    if (!declaresFunction(Ctx, "privateer_aligned_calloc")) {
      WhyNot = "calloc zeroes the block: include "
               "<privateer/runtime/privateer.h> and use "
               "privateer_aligned_calloc";
      return std::nullopt;
    }
    return "privateer_aligned_calloc(" + Text(0) + ", " + Text(1) + ")";
  }
  if (declaresFunction(Ctx, "privateer_aligned_alloc"))
    return "privateer_aligned_alloc(" + Text(0) + ")";
  if (declaresFunction(Ctx, "aligned_alloc"))
    return roundedAlignedAlloc(Call->getArg(0), Line, Ctx);
  WhyNot = "neither privateer_aligned_alloc nor aligned_alloc is declared here";
  return std::nullopt;
}

} // namespace clangfe
} // namespace privateer
