# bench_chart.gp -- bar chart of GB/s per function per kernel (and peers).
#   gnuplot -c scripts/bench_chart.gp DATA.tsv OUT.png "title" NCOLS "function scalar avx2 ..."
# DATA.tsv comes from scripts/bench_report.py --chart-data (first line: the
# column titles; '-' = no measurement). scripts/bench_chart.sh does both steps.
data = ARG1
out = ARG2
ttl = ARG3
ncols = int(ARG4)

set terminal pngcairo size 1600,900 font "sans,11" noenhanced
set output out
set title ttl
set datafile separator "\t"
set datafile missing "-"
set key autotitle columnheader top right
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y 2
set yrange [0.0625:256]
set ytics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set ylabel "GB/s of input (log scale)"
set grid ytics lc rgb "#cccccc"
set xtics rotate by -35 left nomirror
set bmargin 11
set rmargin 10
set key outside top center horizontal width 3 samplen 2
# Colours by column name (ARG5: the column titles, space-separated).
names = ARG5
colour(n) = n eq "scalar" ? "#8c8c8c" : n eq "avx2" ? "#1f77b4" : n eq "neon" ? "#9467bd" : \
            n eq "icu" ? "#2ca02c" : n eq "memcpy" ? "#f4b6b6" : "#ff7f0e"
plot for [i=2:ncols] data using i:xtic(1) title columnheader(i) lc rgb colour(word(names, i))
