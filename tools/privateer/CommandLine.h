//===- CommandLine.h - The CLI's files and compile commands ------*- C++
//-*-===//
//
// Part of privateer. What the command line names: the files to analyse
// (named, or every entry of the compilation database -p names) and the
// parser whose database holds their commands; each mistake said as one
// message before anything runs (a -j value, a -p that names no database).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_COMMANDLINE_H
#define PRIVATEER_TOOLS_COMMANDLINE_H

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace privateer {
namespace cli {

/// Sources Flang compiles and Clang does not (as gfortran names them).
bool isFortranSource(llvm::StringRef File);

/// The files to analyse, named on the command line or all of the database,
/// and the parser whose compilation database holds their commands.
struct Inputs {
  std::unique_ptr<clang::tooling::CommonOptionsParser> Parser;
  std::vector<std::string> Files;
  /// Kept alive for the parses' argv.
  std::vector<std::string> Args;
  std::vector<const char *> Argv;
};

/// Parses the command line of the options in \p Category. With no files
/// named, loads the database -p names (or the current directory's) and
/// parses again as if its files had been named.
llvm::Expected<Inputs> parseInputs(int argc, const char **argv,
                                   llvm::cl::OptionCategory &Category,
                                   const char *Overview);

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_COMMANDLINE_H
