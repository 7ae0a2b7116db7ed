// PTX text -> the statements of each function (issue 8, extended for issue 17). Comments, strings,
// scopes ("{ ... }" blocks such as nvcc's call sequences), vector operands ("{%f1, %f2}"), call
// parameter lists over several lines, initializers, `.section` data blocks of -G output and the
// directives that end at the end of their line (.version, .target, .address_size, .file, .loc) are
// all read; anything else malformed is an error that names its line.
#ifndef WSP_HOST_PTX_LEXER_HPP
#define WSP_HOST_PTX_LEXER_HPP

#include <map>
#include <string>
#include <vector>

#include "host/ptx/ptx.hpp"

namespace wsp {
namespace ptx {

struct Instruction {
    std::string opcode;    // with its modifiers: "ld.global.nc.v4.f32"
    std::string operands;  // the rest, trimmed, without the ';'
    std::string guard;     // "%p1" for "@%p1" or "@!%p1"; "" when unguarded
    bool negated = false;  // "@!%p1"
    size_t line = 0;
};

struct Declaration {
    std::string text;  // ".reg .b32 %r<45>", ".shared .align 4 .b8 name[1024]"
    size_t line = 0;
};

struct Function {
    std::string name;
    std::string header;  // the text before its '{': linkage, parameters, performance directives
    size_t line = 0;
    bool entry = false;
    bool defined = false;  // has a body (a .func may be declared first and defined later)
    std::vector<Instruction> code;
    std::map<std::string, size_t> labels;  // label -> index of the instruction it stands before
    std::vector<Declaration> declarations; // .reg, .shared, .local of the body (any scope)
};

struct Module {
    std::string target;  // "sm_80" ("" if no .target)
    std::vector<Function> functions;
    std::vector<Declaration> declarations;  // module-level .shared and .local
};

bool scan(const char *text, size_t length, Module &module, Failure &failure);

// Helpers shared by the reader's parts.
std::string trim(const std::string &s);
std::vector<std::string> split(const std::string &s, char separator);
std::string shorten(const std::string &s);

}  // namespace ptx
}  // namespace wsp

#endif
