//===- SourceText.cpp - Where a fix's text goes ---------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/Edits/SourceText.h"

#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/Decl.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

namespace {

/// The buffer of \p L's file and \p L's offset in it; an empty buffer when
/// it cannot be read.
std::pair<StringRef, unsigned> bufferAt(SourceLocation L,
                                        const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(L);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return {StringRef(), 0};
  return {Buffer, Offset};
}

} // namespace

std::string lineIndent(SourceLocation L, const SourceManager &SM) {
  auto [Buffer, Offset] = bufferAt(L, SM);
  StringRef Prefix = Buffer.slice(lineStart(Buffer, Offset), Offset);
  return Prefix.substr(0, Prefix.find_first_not_of(" \t")).str();
}

std::optional<std::string> indentBefore(SourceLocation L,
                                        const SourceManager &SM) {
  auto [Buffer, Offset] = bufferAt(L, SM);
  StringRef Prefix = Buffer.slice(lineStart(Buffer, Offset), Offset);
  if (Buffer.empty() || Prefix.find_first_not_of(" \t") != StringRef::npos)
    return std::nullopt;
  return Prefix.str();
}

std::optional<CharSourceRange>
wholeLines(SourceLocation Begin, SourceLocation End, const SourceManager &SM) {
  if (Begin.isInvalid() || End.isInvalid() || Begin.isMacroID() ||
      End.isMacroID() || SM.getFileID(Begin) != SM.getFileID(End))
    return std::nullopt;
  auto [Buffer, B] = bufferAt(Begin, SM);
  unsigned E = SM.getFileOffset(End);
  size_t Start = lineStart(Buffer, B);
  size_t LineEnd = Buffer.find('\n', E);
  if (Buffer.empty() ||
      Buffer.slice(Start, B).find_first_not_of(" \t") != StringRef::npos ||
      LineEnd == StringRef::npos ||
      Buffer.slice(E, LineEnd).find_first_not_of(" \t\r") != StringRef::npos)
    return std::nullopt;
  SourceLocation FileStart = SM.getLocForStartOfFile(SM.getFileID(Begin));
  return CharSourceRange::getCharRange(FileStart.getLocWithOffset(Start),
                                       FileStart.getLocWithOffset(LineEnd + 1));
}

CharSourceRange linesOrSelf(SourceLocation Begin, SourceLocation End,
                            const SourceManager &SM) {
  if (auto Lines = wholeLines(Begin, End, SM))
    return *Lines;
  return CharSourceRange::getCharRange(Begin, End);
}

SourceLocation statementEnd(const Stmt *S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // A declaration's range ends with its semicolon; an expression
  // statement's and an unbraced body's do not.
  if (!isa<DeclStmt>(S))
    if (SourceLocation After = Lexer::findLocationAfterToken(
            S->getEndLoc(), tok::semi, SM, LO, false);
        After.isValid())
      return After;
  return Lexer::getLocForEndOfToken(S->getEndLoc(), 0, SM, LO);
}

SourceLocation lineStartOf(SourceLocation L, const SourceManager &SM) {
  auto [Buffer, Offset] = bufferAt(L, SM);
  return SM.getLocForStartOfFile(SM.getFileID(L))
      .getLocWithOffset(lineStart(Buffer, Offset));
}

SourceLocation nextLineStart(SourceLocation L, const SourceManager &SM) {
  auto [Buffer, Offset] = bufferAt(L, SM);
  size_t LineEnd = Buffer.find('\n', Offset);
  if (Buffer.empty() || LineEnd == StringRef::npos)
    return {};
  return SM.getLocForStartOfFile(SM.getFileID(L)).getLocWithOffset(LineEnd + 1);
}

std::string textOf(CharSourceRange R, const ASTContext &Ctx) {
  return Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::string tokensOf(SourceRange R, const ASTContext &Ctx) {
  return textOf(CharSourceRange::getTokenRange(R), Ctx);
}

bool isNameOrNumber(StringRef Text) {
  return !Text.empty() && llvm::all_of(Text, [](char C) {
    return llvm::isAlnum(C) || C == '_';
  });
}

StringRef restOfLine(SourceLocation L, const SourceManager &SM) {
  auto [Buffer, Offset] = bufferAt(L, SM);
  size_t LineEnd = Buffer.find('\n', Offset);
  if (LineEnd == StringRef::npos)
    return "";
  return Buffer.slice(Offset, LineEnd).trim();
}

} // namespace clangfe
} // namespace privateer
