// Stylesheets a console module imports: nothing to a test (Vite bundles them; jest runs the modules in Node).
module.exports = {};
