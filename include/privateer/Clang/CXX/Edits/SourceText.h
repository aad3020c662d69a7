//===- SourceText.h - Where a fix's text goes -------------------*- C++ -*-===//
//
// Part of privateer. The source-text questions every fix asks, answered
// once for every programming model: a line's indentation, a statement's
// whole lines, the text of a node as written, the end of a statement with
// its semicolon. Rewritten code keeps the user's layout, so fixes place
// text by lines and indentation, as an expert would write it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_EDITS_SOURCETEXT_H
#define PRIVATEER_CLANG_CXX_EDITS_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <string>

namespace privateer {
namespace clangfe {

/// The blanks that start the line of \p L.
std::string lineIndent(clang::SourceLocation L, const clang::SourceManager &SM);

/// The blanks before \p L on its line when nothing else precedes it there;
/// none when code does.
std::optional<std::string> indentBefore(clang::SourceLocation L,
                                        const clang::SourceManager &SM);

/// The whole lines from \p Begin to \p End (a character position: the end
/// of the last token), their indentation and line break included, when
/// nothing else shares them; none otherwise.
std::optional<clang::CharSourceRange>
wholeLines(clang::SourceLocation Begin, clang::SourceLocation End,
           const clang::SourceManager &SM);

/// wholeLines, or else the characters from \p Begin to \p End themselves.
clang::CharSourceRange linesOrSelf(clang::SourceLocation Begin,
                                   clang::SourceLocation End,
                                   const clang::SourceManager &SM);

/// Where \p S ends in the text: after the semicolon that ends an expression
/// statement (or a do-while, an unbraced body), else after its last token.
clang::SourceLocation statementEnd(const clang::Stmt *S,
                                   const clang::ASTContext &Ctx);

/// The start of the line holding \p L.
clang::SourceLocation lineStartOf(clang::SourceLocation L,
                                  const clang::SourceManager &SM);

/// The start of the line after the one holding \p L; invalid on the last
/// line.
clang::SourceLocation nextLineStart(clang::SourceLocation L,
                                    const clang::SourceManager &SM);

/// The text of \p R as written.
std::string textOf(clang::CharSourceRange R, const clang::ASTContext &Ctx);
/// The text of the tokens of \p R (a node's source range) as written.
std::string tokensOf(clang::SourceRange R, const clang::ASTContext &Ctx);

/// Whether \p Text is a name or a number (`NB`, `16`): a size spelled so
/// reads well where a fix repeats it.
bool isNameOrNumber(llvm::StringRef Text);

/// The text that follows \p L up to the end of its line, without blanks.
llvm::StringRef restOfLine(clang::SourceLocation L,
                           const clang::SourceManager &SM);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_EDITS_SOURCETEXT_H
