// tools/completion/warpspan.bash: bash completion of commands, flags and the choices of their values.
#include "docs.hpp"
#include "flag_docs.hpp"

namespace wsp_cli {
namespace {

const char *case_name(Command c) {
    switch (c) {
        case Command::kAnalyse: return "main";
        case Command::kMerge: return "merge";
        default: return command_spec(c).name;
    }
}

std::string words_of(const char *const *choices) {
    std::string out;
    for (size_t i = 0; choices && choices[i]; ++i) out += (i ? " " : "") + std::string(choices[i]);
    return out;
}

}  // namespace

std::string bash_completion() {
    std::string values, paths, takes_value, flags;
    for (size_t k = 0; k < kCommandCount; ++k) {
        const Command c = static_cast<Command>(k);
        std::string names;
        for (const FlagSpec *f : flags_of(c)) {
            const std::string key = std::string(case_name(c)) + ":" + f->name;
            names += (names.empty() ? "" : " ") + std::string(f->name);
            if (f->short_name) names += std::string(" -") + f->short_name;
            const bool choices = f->choices && f->type != ValueType::kKeyValues;
            if (choices)
                values += "        " + key + ") words=\"" + words_of(f->choices) + "\" ;;\n";
            else if (f->type == ValueType::kInputPath || f->type == ValueType::kOutputPath)
                paths += (paths.empty() ? "" : "|") + key + (f->short_name ? "|" + std::string(case_name(c)) + ":-" + f->short_name : "");
            else if (f->type != ValueType::kNone)
                takes_value += (takes_value.empty() ? "" : "|") + key;
        }
        flags += "        " + std::string(case_name(c)) + ") words=\"" + names + "\" ;;\n";
    }
    return "# bash completion for warpspan. Generated from tools/warpspan/flag_table.cpp: do not edit.\n"
           "# Regenerate with: cmake --build build/host --target cli-docs\n"
           "_warpspan() {\n"
           "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
           "    local cmd=main words=\n"
           "    case ${COMP_WORDS[1]} in\n"
           "        ptx|pws|ipet|help) cmd=${COMP_WORDS[1]} ;;\n"
           "        table) cmd=table\n"
           "            if [[ ${COMP_WORDS[2]} == merge ]]; then cmd=merge; fi ;;\n"
           "    esac\n"
           "    # The value of the flag before the cursor: its choices (after the last comma of a list), a\n"
           "    # file name, or nothing to offer.\n"
           "    case $cmd:$prev in\n" +
           values +
           "        " + paths + ")\n"
           "            COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
           "        " + takes_value + ")\n"
           "            COMPREPLY=(); return ;;\n"
           "    esac\n"
           "    if [[ -n $words ]]; then\n"
           "        local item=${cur##*,}\n"
           "        COMPREPLY=($(compgen -P \"${cur%\"$item\"}\" -W \"$words\" -- \"$item\"))\n"
           "        return\n"
           "    fi\n"
           "    if [[ $cur == -* ]]; then\n"
           "        case $cmd in\n" +
           flags +
           "        esac\n"
           "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
           "        return\n"
           "    fi\n"
           "    if [[ $cmd == help ]]; then\n"
           "        COMPREPLY=($(compgen -W \"ptx pws ipet table merge help\" -- \"$cur\"))\n"
           "    elif [[ $cmd == main && $COMP_CWORD == 1 ]]; then\n"
           "        COMPREPLY=($(compgen -W \"ptx pws ipet table help\" -- \"$cur\") $(compgen -f -- \"$cur\"))\n"
           "    elif [[ $cmd == table && $COMP_CWORD == 2 ]]; then\n"
           "        COMPREPLY=($(compgen -W \"merge\" -- \"$cur\") $(compgen -f -- \"$cur\"))\n"
           "    else\n"
           "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
           "    fi\n"
           "}\n"
           "complete -o filenames -F _warpspan warpspan\n";
}

}  // namespace wsp_cli
