# bash completion for warpspan. Generated from tools/warpspan/flag_table.cpp: do not edit.
# Regenerate with: cmake --build build/host --target cli-docs
_warpspan() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmd=main words=
    case ${COMP_WORDS[1]} in
        ptx|pws|ipet|help) cmd=${COMP_WORDS[1]} ;;
        table) cmd=table
            if [[ ${COMP_WORDS[2]} == merge ]]; then cmd=merge; fi ;;
    esac
    # The value of the flag before the cursor: its choices (after the last comma of a list), a
    # file name, or nothing to offer.
    case $cmd:$prev in
        main:--arch) words="sm_20 sm_21 sm_30 sm_35 sm_50 sm_60 sm_70 sm_80 sm_86 sm_90" ;;
        main:--method) words="bound lower anneal exact ilp estimate bracket" ;;
        main:--constraints) words="short long strong" ;;
        main:--init) words="round-robin fixed-priority most-pending random least-progress starve" ;;
        main:--moves) words="uniform local" ;;
        ptx:--arch) words="sm_20 sm_21 sm_30 sm_35 sm_50 sm_60 sm_70 sm_80 sm_86 sm_90" ;;
        ptx:--method) words="bound lower anneal exact ilp estimate bracket" ;;
        ptx:--constraints) words="short long strong" ;;
        ptx:--init) words="round-robin fixed-priority most-pending random least-progress starve" ;;
        ptx:--moves) words="uniform local" ;;
        ptx:--path) words="taken not-taken t n" ;;
        ptx:--unknown-opcode) words="L C S D" ;;
        pws:--split) words="all none optimal" ;;
        pws:--contexts) words="paper count" ;;
        pws:--format) words="text csv" ;;
        table:--arch) words="sm_20 sm_21 sm_30 sm_35 sm_50 sm_60 sm_70 sm_80 sm_86 sm_90" ;;
        table:--columns) words="bound exact anneal lower" ;;
        table:--format) words="header csv json" ;;
        merge:--format) words="header csv json" ;;
        main:--convergence|main:--plot|main:--svg|main:--write-lp|ptx:--convergence|ptx:--plot|ptx:--svg|ptx:--write-lp|ptx:--loop-bounds|ptx:--ptxas-info|ptx:--write-cfg|table:--spec|table:--output|table:-o|table:--svg|merge:--output|merge:-o|merge:--svg)
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
        main:--kernel|main:--warps|main:--units|main:--latency|main:--warp-size|main:--schedulers|main:--witness|main:--budget|main:--memory|main:--timeout|main:--x|main:--threads|main:--iterations|main:--restarts|main:--t0|main:--seed|main:--work|ptx:--warps|ptx:--units|ptx:--latency|ptx:--warp-size|ptx:--schedulers|ptx:--witness|ptx:--budget|ptx:--memory|ptx:--timeout|ptx:--x|ptx:--threads|ptx:--iterations|ptx:--restarts|ptx:--t0|ptx:--seed|ptx:--work|ptx:--entry|ptx:--loop-bound|ptx:--expansion-arch|pws:--spsimds|pws:--cus|pws:--simds|pws:--wf-contexts|pws:--wf-size|pws:--workgroups|pws:--wg-size|pws:--delay|pws:--split-cost|pws:--merge-cost|pws:--csv-base|ipet:--timeout|table:--kernel|table:--warps|table:--units|table:--latency|table:--warp-size|table:--schedulers|table:--budget|table:--memory|table:--restarts|table:--work|table:--name|table:--timeout|table:--iterations|table:--seed|table:--threads|table:--guard|table:--shard|merge:--guard)
            COMPREPLY=(); return ;;
    esac
    if [[ -n $words ]]; then
        local item=${cur##*,}
        COMPREPLY=($(compgen -P "${cur%"$item"}" -W "$words" -- "$item"))
        return
    fi
    if [[ $cur == -* ]]; then
        case $cmd in
        main) words="--help -h --version --json --quiet --require-exact --full-kernel --kernel --warps --units --latency --warp-size --schedulers --arch --method --witness --budget --memory --timeout --constraints --x --threads --iterations --restarts --init --t0 --moves --seed --work --convergence --plot --svg --write-lp" ;;
        ptx) words="--help -h --json --quiet --require-exact --full-kernel --warps --units --latency --warp-size --schedulers --arch --method --witness --budget --memory --timeout --constraints --x --threads --iterations --restarts --init --t0 --moves --seed --work --convergence --plot --svg --write-lp --entry --path --prefix --loop-bound --loop-bounds --unknown-opcode --expansion-arch --ptxas-info --write-cfg" ;;
        pws) words="--help -h --json --spsimds --cus --simds --wf-contexts --wf-size --workgroups --wg-size --delay --split-cost --merge-cost --split --contexts --format --csv-base --explain --ipet" ;;
        ipet) words="--help -h --json --timeout" ;;
        table) words="--help -h --quiet --require-exact --kernel --warps --units --latency --warp-size --schedulers --arch --budget --memory --restarts --work --name --spec --columns --timeout --iterations --seed --threads --format --output -o --guard --timing --shard --svg" ;;
        merge) words="--help -h --format --output -o --guard --timing --svg" ;;
        help) words="--help -h" ;;
        esac
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return
    fi
    if [[ $cmd == help ]]; then
        COMPREPLY=($(compgen -W "ptx pws ipet table merge help" -- "$cur"))
    elif [[ $cmd == main && $COMP_CWORD == 1 ]]; then
        COMPREPLY=($(compgen -W "ptx pws ipet table help" -- "$cur") $(compgen -f -- "$cur"))
    elif [[ $cmd == table && $COMP_CWORD == 2 ]]; then
        COMPREPLY=($(compgen -W "merge" -- "$cur") $(compgen -f -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _warpspan warpspan
