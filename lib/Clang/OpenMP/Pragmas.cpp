//===- Pragmas.cpp - Where a fix writes into an OpenMP directive ----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Pragmas.h"

#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

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
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(D->getBeginLoc());
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

} // namespace clangfe
} // namespace privateer
