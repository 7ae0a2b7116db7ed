#include "svg_writer.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace wsp_cli {

const char *const kSvgFont = "DejaVu Sans, Verdana, sans-serif";

namespace {

// Advance width in em of one ASCII character, rounded up from DejaVu Sans (see the header).
double ascii_em(char c) {
    if (std::strchr(" .,:;'|!iIjl`", c)) return 0.42;
    if (std::strchr("()[]-/\\frt\"*", c)) return 0.52;
    if (std::strchr("mwMW%@=+<>~#&^", c)) return 1.02;
    if (c >= 'A' && c <= 'Z') return 0.82;
    return 0.66;  // digits, the rest of lower case, _ ? $ { }
}

}  // namespace

double text_width(const std::string &text, double size, bool bold) {
    double em = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            em += ascii_em(static_cast<char>(c));
        } else if ((c & 0xC0) != 0x80) {  // the first byte of a multi-byte character
            em += 1.02;
        }
    }
    return em * size * (bold ? 1.15 : 1.0);
}

std::string shortened(const std::string &text, double size, bool bold, double max_width) {
    if (text_width(text, size, bold) <= max_width) return text;
    std::string cut = text;
    while (!cut.empty() && text_width(cut + "\u2026", size, bold) > max_width) {
        // One character off the end: its continuation bytes, then its first byte.
        while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
        if (!cut.empty()) cut.pop_back();
    }
    return cut + "\u2026";
}

std::string svg_number(double v) {
    if (std::fabs(v) < 0.005) return "0";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

std::string xml_escape(const std::string &s) {
    std::string out;
    for (const char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') out += ' ';  // not XML 1.0
        else out += c;
    }
    return out;
}

void SvgWriter::rect(double x, double y, double w, double h, const std::string &fill, const std::string &extra) {
    body_ += "<rect x=\"" + svg_number(x) + "\" y=\"" + svg_number(y) + "\" width=\"" + svg_number(w) +
             "\" height=\"" + svg_number(h) + "\" fill=\"" + fill + "\"" + (extra.empty() ? "" : " " + extra) +
             "/>\n";
}

void SvgWriter::line(double x1, double y1, double x2, double y2, const std::string &stroke, double width,
                     const std::string &extra) {
    body_ += "<line x1=\"" + svg_number(x1) + "\" y1=\"" + svg_number(y1) + "\" x2=\"" + svg_number(x2) +
             "\" y2=\"" + svg_number(y2) + "\" stroke=\"" + stroke + "\" stroke-width=\"" + svg_number(width) +
             "\"" + (extra.empty() ? "" : " " + extra) + "/>\n";
}

void SvgWriter::polyline(const std::vector<std::pair<double, double>> &points, const std::string &stroke,
                         double width, const std::string &extra) {
    std::string pts;
    for (const auto &p : points) pts += (pts.empty() ? "" : " ") + svg_number(p.first) + "," + svg_number(p.second);
    body_ += "<polyline fill=\"none\" stroke=\"" + stroke + "\" stroke-width=\"" + svg_number(width) +
             "\" stroke-linejoin=\"round\" points=\"" + pts + "\"" + (extra.empty() ? "" : " " + extra) + "/>\n";
}

void SvgWriter::circle(double cx, double cy, double r, const std::string &fill, const std::string &extra) {
    body_ += "<circle cx=\"" + svg_number(cx) + "\" cy=\"" + svg_number(cy) + "\" r=\"" + svg_number(r) +
             "\" fill=\"" + fill + "\"" + (extra.empty() ? "" : " " + extra) + "/>\n";
}

void SvgWriter::text(double x, double y, const std::string &text, const TextStyle &style) {
    body_ += "<text x=\"" + svg_number(x) + "\" y=\"" + svg_number(y) + "\" font-size=\"" + svg_number(style.size) +
             "\"";
    if (std::strcmp(style.anchor, "start") != 0) body_ += std::string(" text-anchor=\"") + style.anchor + "\"";
    if (style.bold) body_ += " font-weight=\"bold\"";
    if (std::strcmp(style.fill, "#222222") != 0) body_ += std::string(" fill=\"") + style.fill + "\"";
    if (style.rotate != 0)
        body_ += " transform=\"rotate(" + svg_number(style.rotate) + " " + svg_number(x) + " " + svg_number(y) + ")\"";
    body_ += ">" + xml_escape(text) + "</text>\n";
}

void SvgWriter::begin_group(const std::string &cls, const std::string &extra) {
    body_ += "<g class=\"" + cls + "\"" + (extra.empty() ? "" : " " + extra) + ">\n";
}

void SvgWriter::end_group() { body_ += "</g>\n"; }

std::string SvgWriter::document(double width, double height, const std::string &title) const {
    const std::string w = svg_number(std::ceil(width)), h = svg_number(std::ceil(height));
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w +
           " " + h + "\" font-family=\"" + kSvgFont + "\" fill=\"#222222\">\n<title>" + xml_escape(title) +
           "</title>\n<rect width=\"" + w + "\" height=\"" + h + "\" fill=\"white\"/>\n" + body_ + "</svg>\n";
}

}  // namespace wsp_cli
