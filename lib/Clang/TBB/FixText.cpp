//===- FixText.cpp - Text helpers the TBB fixes share ---------------------===//
//
// Part of privateer. See FixText.h.
//
//===----------------------------------------------------------------------===//

#include "FixText.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {

std::optional<std::string> lineIndent(SourceLocation Loc,
                                      const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(File);
  size_t Start = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  StringRef Prefix = Buffer.slice(Start, Offset);
  if (Prefix.find_first_not_of(" \t") != StringRef::npos)
    return std::nullopt;
  return Prefix.str();
}

std::optional<CharSourceRange> wholeLines(const Stmt *S,
                                          const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = S->getBeginLoc(), End = S->getEndLoc();
  if (Begin.isInvalid() || Begin.isMacroID() || End.isMacroID())
    return std::nullopt;
  auto Indent = lineIndent(Begin, SM);
  if (!Indent)
    return std::nullopt;
  SourceLocation After =
      Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
  auto [File, EndOffset] = SM.getDecomposedLoc(After);
  StringRef Buffer = SM.getBufferData(File);
  size_t LineEnd = Buffer.find('\n', EndOffset);
  if (LineEnd == StringRef::npos ||
      Buffer.slice(EndOffset, LineEnd).find_first_not_of(" \t\r") !=
          StringRef::npos)
    return std::nullopt;
  return CharSourceRange::getCharRange(
      Begin.getLocWithOffset(-static_cast<int>(Indent->size())),
      After.getLocWithOffset(static_cast<int>(LineEnd - EndOffset + 1)));
}

bool declaresIn(ASTContext &Ctx, StringRef Namespace, StringRef Name) {
  for (const NamedDecl *NS :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Namespace)))
    if (const auto *N = dyn_cast<NamespaceDecl>(NS))
      if (!N->lookup(&Ctx.Idents.get(Name)).empty())
        return true;
  return false;
}

std::optional<FixItHint> includeAfterCallee(const CallExpr *Call,
                                            StringRef Header, ASTContext &Ctx,
                                            std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID File = SM.getFileID(SM.getExpansionLoc(Call->getBeginLoc()));
  StringRef Buffer = SM.getBufferData(File);
  SourceLocation Start = SM.getLocForStartOfFile(File);
  std::string Line = ("#include <tbb/" + Header + ">\n").str();
  // After the file's first TBB include: one place whichever call needs the
  // header, so that fixes of several calls insert it once.
  for (size_t At = 0; At < Buffer.size();) {
    size_t End = Buffer.find('\n', At);
    if (End == StringRef::npos)
      break;
    StringRef Text = Buffer.slice(At, End).ltrim();
    if (Text.consume_front("#")) {
      Text = Text.ltrim();
      if (Text.consume_front("include")) {
        Text = Text.ltrim();
        if (Text.starts_with("<tbb/") || Text.starts_with("<oneapi/tbb") ||
            Text.starts_with("\"tbb/") || Text.starts_with("\"oneapi/tbb"))
          return FixItHint::CreateInsertion(Start.getLocWithOffset(End + 1),
                                            Line);
      }
    }
    At = End + 1;
  }
  // Else after the include that brought the callee into the file.
  const Decl *D = Call->getDirectCallee();
  FileID F = D ? SM.getFileID(SM.getExpansionLoc(D->getLocation())) : FileID();
  while (F.isValid() && F != File) {
    SourceLocation Inc = SM.getIncludeLoc(F);
    if (Inc.isInvalid())
      break;
    if (SM.getFileID(Inc) == File) {
      size_t LineEnd = Buffer.find('\n', SM.getFileOffset(Inc));
      if (LineEnd == StringRef::npos)
        break;
      return FixItHint::CreateInsertion(Start.getLocWithOffset(LineEnd + 1),
                                        Line);
    }
    F = SM.getFileID(Inc);
  }
  WhyNot = ("the file does not declare what the fix uses: include <tbb/" +
            Header + ">")
               .str();
  return std::nullopt;
}

bool isThreadIndexCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() || FD->getName() != "current_thread_index")
    return false;
  // oneTBB declares it in tbb::detail::d1 and names it in
  // tbb::this_task_arena with a using-declaration.
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->getIdentifier() && NS->getName() == "tbb")
      return true;
  return false;
}

} // namespace clangfe
} // namespace privateer
